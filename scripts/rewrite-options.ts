/**
 * The command line shared by the two rewrite scripts, `scripts/metamorphic.ts` (rewrites that keep a finding) and
 * `scripts/negative.ts` (rewrites that must remove one): which CLI to run, which kinds, verbosity, a JSON output
 * file, and the evaluation sets whose variables are given (the tuned set and every hold-out set of `npm run eval`).
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findRoot, HOLDOUT_SETS, loadGroundTruths, parseRepoList, type GroundTruth } from './evaluate.js';

export interface RewriteSet {
  /** The folder of the set's ground truths. */
  dir: string;
  repos: { name: string; path: string }[];
}

export interface RewriteOptions {
  /** The package root (holds notices.json). */
  root: string;
  /** The value after a flag, if given. */
  opt(name: string): string | undefined;
  /** `--cli <file>` or the package's own built CLI. */
  cli: string;
  /** `--kinds a,b` restricted to the known kinds (all when not given). */
  kinds: string[];
  verbose: boolean;
  /** `--json <file>`. */
  json: string | undefined;
  sets: RewriteSet[];
}

export function rewriteOptions(argv: readonly string[], knownKinds: readonly string[], env: NodeJS.ProcessEnv = process.env): RewriteOptions {
  const opt = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const root = findRoot(dirname(fileURLToPath(import.meta.url)));
  return {
    root,
    opt,
    cli: resolve(opt('--cli') ?? join(root, 'dist', 'cli', 'bin.js')),
    kinds: (opt('--kinds') ?? knownKinds.join(',')).split(',').filter((k) => knownKinds.includes(k)),
    verbose: argv.includes('--verbose'),
    json: opt('--json'),
    sets: [
      { dir: join(root, 'test', 'eval', 'ground-truth'), repos: parseRepoList(env.COLLAB_MIGRATE_EVAL_REPOS) },
      ...HOLDOUT_SETS.map((h) => ({ dir: join(root, 'test', 'eval', h.set), repos: parseRepoList(env[h.env]) })),
    ],
  };
}

/** Each repository of the sets that has a ground truth and a work tree: its set's folder, name, path and ground truth. */
export function* truthRepos(sets: readonly RewriteSet[]): Generator<{ dir: string; name: string; path: string; gt: GroundTruth }> {
  for (const set of sets) {
    if (!set.repos.length) continue;
    const truths = loadGroundTruths(set.dir);
    for (const repo of set.repos) {
      const gt = truths.get(repo.name);
      if (gt && existsSync(repo.path)) yield { dir: set.dir, name: repo.name, path: repo.path, gt };
    }
  }
}
