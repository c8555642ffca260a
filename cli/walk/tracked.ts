/**
 * The files git tracks although the repository's `.gitignore` files list them. Git never ignores a tracked file
 * (`.gitignore` only keeps untracked files out), and a repository may commit its sources under a folder its
 * `.gitignore` names (`models/` ignored, `models/cisco/device.ts` committed): in a clone, which is what a scan
 * in CI reads, those files are the repository's code, and the walk reads them.
 *
 * Asked once per walked root, and only when the walk has left out an entry by the ignore files (files.ts); not
 * asked where the repository has no index (a `.git` folder without `index` tracks nothing: `git init` alone, an
 * exported tree) or no `.git` at all (a folder that is no repository keeps honouring `.gitignore` as it is).
 *
 * The scanned repository is untrusted input, so git runs with nothing of it that could run code: the index
 * is read with the file-system monitor off (`core.fsmonitor`, a hook command a repository's configuration
 * can name, runs when an index with that extension is read), `ls-files` is a built-in (an alias never
 * replaces one), no pager, no hook runs for `ls-files`, and the environment's `GIT_*` variables that point
 * git at another repository or index are dropped. A git that is missing, refuses the repository (another
 * user's, `safe.directory`), or takes more than 5 s changes nothing: the walk stays as `.gitignore` says.
 */
import { statSync } from 'node:fs';
import path from 'node:path';

export interface TrackedIgnored {
  /** Absolute paths (under the walked root) of tracked files the ignore files list. */
  files: ReadonlySet<string>;
  /** Every folder between the walked root and one of those files (the walk enters them for those files alone). */
  folders: ReadonlySet<string>;
}

const TIMEOUT_MS = 5000;

/** The environment git runs with: the caller's, without the variables that would choose another repository, index or configuration. */
function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith('GIT_')) continue;
    env[key] = value;
  }
  env.LC_ALL = 'C';
  // ls-files takes no lock and writes nothing; this says so to any git that would refresh the index.
  env.GIT_OPTIONAL_LOCKS = '0';
  env.GIT_TERMINAL_PROMPT = '0';
  return env;
}

/** Whether the repository at `repo` (the folder holding `.git`) can track anything: a `.git` file (a worktree, a submodule) or a `.git` folder with an index. */
function mayTrack(repo: string): boolean {
  const dotGit = statSync(path.join(repo, '.git'), { throwIfNoEntry: false });
  if (!dotGit) return false;
  if (dotGit.isFile()) return true;
  return dotGit.isDirectory() && (statSync(path.join(repo, '.git', 'index'), { throwIfNoEntry: false })?.isFile() ?? false);
}

/**
 * The tracked files below `root` (a folder inside the work tree whose top folder is `repo`) that the `.gitignore`
 * files match, or undefined when git says nothing (no index, no git, an error).
 */
export function trackedIgnored(root: string, repo: string): TrackedIgnored | undefined {
  if (!mayTrack(repo)) return undefined;
  let out: string;
  try {
    // node:child_process is loaded here, when git is asked: the walker thread's bundle no longer loads it (with what it
    // loads) at every start, ~6 M instructions of the thread's start (docs/performance.md, "Twenty-eighth session: 30bigstart").
    out = process.getBuiltinModule('node:child_process').execFileSync(
      'git',
      // `-c` before the command: the repository's own configuration cannot turn the monitor back on.
      ['-c', 'core.fsmonitor=false', '--no-pager', 'ls-files', '-z', '--cached', '--ignored', '--exclude-per-directory=.gitignore'],
      { cwd: root, env: gitEnv(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024, windowsHide: true },
    );
  } catch {
    return undefined;
  }
  const files = new Set<string>();
  const folders = new Set<string>();
  for (const rel of out.split('\0')) {
    if (rel === '' || rel.startsWith('../') || path.isAbsolute(rel)) continue;
    const file = path.join(root, rel);
    files.add(file);
    for (let dir = path.dirname(file); dir.length > root.length && !folders.has(dir); dir = path.dirname(dir)) folders.add(dir);
  }
  return { files, folders };
}
