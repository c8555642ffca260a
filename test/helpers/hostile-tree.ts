/**
 * A hostile file tree for end-to-end fault tests (issue 7): a git repository in the system's temporary
 * folder holding files that do not parse, are not text, are too big or are bundles, a FIFO, link loops,
 * links out of the tree and dangling ones, odd names, CRLF/BOM files, special modes, and ordinary files
 * with fixable findings (taken from the fixture pairs, so their fixed text is known exactly).
 *
 * Every entry is described by a {@link HostileCase} saying what a scan and a fix must do with it, so a test
 * can check each one and a report can list them. {@link snapshotTree} records every entry's bytes (SHA-256),
 * mode and link target without following links, to prove what a run changed.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIXTURES } from './fixtures.js';

/** What a run must do with an entry. */
export type Expectation =
  /** Scanned, has fixable findings; `--fix` rewrites it (to `fixedText` when given). */
  | 'fixed'
  /** Scanned; `--fix` leaves its bytes alone. */
  | 'untouched'
  /** Listed among the skipped files with a reason matching `reason`; never changed. */
  | 'skipped'
  /** Scanned at text level only (it does not parse) and listed as not analysed, with `reason`; never changed. */
  | 'unanalysed'
  /** Not listed at all (not read, or read through another path) and never changed. */
  | 'unlisted';

export interface HostileCase {
  /** Path relative to the tree's root, forward slashes (as the CLI displays it when run from the root). */
  path: string;
  /** What it is, for reports. */
  kind: string;
  expect: Expectation;
  /** For `skipped` and `unanalysed`: the reason the CLI must give. */
  reason?: RegExp;
  /** For `fixed`: the exact bytes after fixing. */
  fixedText?: string;
  /** Expected mode bits (permissions), checked before and after a fix. */
  mode?: number;
  /** Also listed (as not parsing) under `--check-syntax`. */
  syntaxError?: boolean;
}

export interface HostileTree {
  root: string;
  /** A folder beside the root that links point into; nothing in it may ever change. */
  outside: string;
  cases: HostileCase[];
  /** Removes the tree and the outside folder. */
  cleanup(): void;
}

export interface EntrySnapshot {
  type: 'file' | 'dir' | 'link' | 'fifo' | 'other';
  mode: number;
  sha256?: string;
  target?: string;
}

/** Every entry under `dir` (links not followed, `.git` left out), keyed by forward-slash relative path. */
export function snapshotTree(dir: string): Map<string, EntrySnapshot> {
  const out = new Map<string, EntrySnapshot>();
  // Names as bytes: a name that is not UTF-8 cannot be opened by its decoded string.
  const visit = (abs: Buffer, rel: string): void => {
    for (const raw of readdirSync(abs, { encoding: 'buffer' })) {
      const name = raw.toString('utf8');
      if (name === '.git') continue;
      const full = Buffer.concat([abs, Buffer.from('/'), raw]);
      const relName = rel ? `${rel}/${name}` : name;
      const st = lstatSync(full);
      const mode = st.mode & 0o7777;
      if (st.isSymbolicLink()) out.set(relName, { type: 'link', mode, target: readlinkSync(full) });
      else if (st.isFIFO()) out.set(relName, { type: 'fifo', mode });
      else if (st.isDirectory()) {
        out.set(relName, { type: 'dir', mode });
        visit(full, relName);
      } else if (st.isFile()) out.set(relName, { type: 'file', mode, sha256: createHash('sha256').update(readFileSync(full)).digest('hex') });
      else out.set(relName, { type: 'other', mode });
    }
  };
  visit(Buffer.from(dir), '');
  return out;
}

function fixture(id: string, file: string): string {
  return readFileSync(path.join(FIXTURES, id, file), 'utf8');
}

const BOM = '\ufeff';
const SHEBANG = '#!/usr/bin/env node\n';

/** Creates the tree (a committed git repository unless `git: false`). */
export function createHostileTree(opts: { git?: boolean } = {}): HostileTree {
  const root = mkdtempSync(path.join(os.tmpdir(), 'cm-hostile-'));
  const outside = mkdtempSync(path.join(os.tmpdir(), 'cm-outside-'));
  const cases: HostileCase[] = [];
  const put = (rel: string, content: string | Buffer, c: Omit<HostileCase, 'path'>): void => {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
    cases.push({ path: rel, ...c });
  };
  const link = (rel: string, target: string, c: Omit<HostileCase, 'path'>): void => {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    symlinkSync(target, file);
    cases.push({ path: rel, ...c });
  };
  const pair = (id: string, name: string): { input: string; output: string } => {
    const ext = path.extname(name);
    const base = name.slice(0, -ext.length);
    return { input: fixture(id, `${base}.input${ext}`), output: fixture(id, `${base}.output${ext}`) };
  };

  // Ordinary files with fixable findings (fixture pairs: the fixed text is known).
  const header = pair('webhook-header-names-lowercase', 'signature.ts');
  put('src/header.ts', header.input, { kind: 'ordinary, fixable', expect: 'fixed', fixedText: header.output });
  const trunk = pair('trunk-error-codes-renamed', 'compare.ts');
  put('src/trunk.ts', trunk.input, { kind: 'ordinary, fixable', expect: 'fixed', fixedText: trunk.output });
  const keys = pair('workspace-answer-confirmation-renamed', 'keys.js');
  put('src/keys.js', keys.input, { kind: 'ordinary, fixable (JS)', expect: 'fixed', fixedText: keys.output });
  const yaml = pair('legacy-api-host', 'config.yaml');
  put('config/app.yaml', yaml.input, { kind: 'ordinary config, fixable', expect: 'fixed', fixedText: yaml.output });
  put('src/clean.ts', "export const greeting = 'hello';\n", { kind: 'ordinary, no findings', expect: 'untouched' });

  // Line endings, BOM, modes.
  const crlf = pair('trunk-error-codes-renamed', 'switch-crlf.js');
  put('src/crlf.js', crlf.input, { kind: 'CRLF line endings, fixable', expect: 'fixed', fixedText: crlf.output });
  const bom = pair('webhook-header-names-lowercase', 'signature.ts');
  put('src/bom.ts', BOM + bom.input, { kind: 'UTF-8 BOM, fixable', expect: 'fixed', fixedText: BOM + bom.output });
  const exec = pair('legacy-api-host', 'crlf.js');
  put('bin/hook.js', SHEBANG + exec.input, { kind: 'mode 0755 with a shebang, fixable', expect: 'fixed', fixedText: SHEBANG + exec.output, mode: 0o755 });
  chmodSync(path.join(root, 'bin/hook.js'), 0o755);
  const bearer = pair('authorization-bearer-scheme', 'bare-token.ts');
  put('src/readonly.ts', bearer.input, { kind: 'read-only (0444), fixable', expect: 'fixed', fixedText: bearer.output, mode: 0o444 });

  // Odd names.
  put('src/naïve file.ts', header.input, { kind: 'name with a space and a non-ASCII letter', expect: 'fixed', fixedText: header.output });
  put('src/日本/x.ts', trunk.input, { kind: 'folder with a CJK name', expect: 'fixed', fixedText: trunk.output });
  put('src/new\nline.ts', header.input, { kind: 'name with a newline', expect: 'fixed', fixedText: header.output });
  put('src/esc\x1b[31mred.ts', trunk.input, { kind: 'name with a terminal escape sequence', expect: 'fixed', fixedText: trunk.output });
  const badName = Buffer.concat([Buffer.from(`${root}/weird/bad`), Buffer.from([0xe9]), Buffer.from('name.ts')]);
  mkdirSync(path.join(root, 'weird'), { recursive: true });
  writeFileSync(badName, header.input);
  cases.push({ path: 'weird/bad\ufffdname.ts', kind: 'file name that is not UTF-8', expect: 'skipped', reason: /^name is not valid UTF-8/ });
  put('src/folder.ts/inner.ts', keys.input.replace('module.exports = { body, copy };\n', 'export { body, copy };\n'), {
    kind: 'a folder named like a source file',
    expect: 'fixed',
  });

  // Source that does not parse, with notice tokens in it so the prefilter lets it through to the parser.
  put('broken/syntax.ts', "export const spark = event.headers['X-Spark-Signature'];\nexport const = ;\n", {
    kind: 'TS syntax error with a notice token',
    expect: 'unanalysed',
    reason: /^does not parse: .*\(2:\d+\)$/,
    syntaxError: true,
  });
  put('broken/syntax.js', "if (trunk.errorCodes.includes('E1001') {\n  retry();\n}\n", {
    kind: 'JS syntax error with a notice token',
    expect: 'unanalysed',
    reason: /^does not parse: /,
    syntaxError: true,
  });
  put('broken/view.tsx', "export const View = (h: Record<string, string>) => <div>{h['X-Spark-Signature']}</span>;\n", {
    kind: 'TSX: mismatched closing tag, with a notice token',
    expect: 'unanalysed',
    reason: /^does not parse: /,
    syntaxError: true,
  });
  put('broken/view.jsx', "export const View = ({ h }) => <p title={h['X-Spark-Signature']}>\n", {
    kind: 'JSX: unclosed element, with a notice token',
    expect: 'unanalysed',
    reason: /^does not parse: /,
    syntaxError: true,
  });
  put('broken/no-token.ts', 'export function (a, b {\n', {
    kind: 'syntax error without any notice token (prefilter: never parsed)',
    expect: 'untouched',
    syntaxError: true,
  });

  // Files that are not source text.
  put('weird/latin1.ts', Buffer.concat([Buffer.from("const caf = 'caf"), Buffer.from([0xe9]), Buffer.from("';\nconst s = headers['X-Spark-Signature'];\n")]), {
    kind: 'not UTF-8 (Latin-1 byte)',
    expect: 'skipped',
    reason: /^not UTF-8 text$/,
  });
  put('weird/binary.ts', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 1]), Buffer.from("headers['X-Spark-Signature']"), Buffer.alloc(64)]), {
    kind: 'binary with a .ts extension',
    // Skipped, and counted as not analysed: its name says source (issue 28).
    expect: 'skipped',
    reason: /^binary content in a source file$/,
  });
  put('weird/empty.ts', '', { kind: 'empty file', expect: 'skipped', reason: /^empty file$/ });
  const line = "export const ok = 1; // padding padding padding padding padding padding padding\n";
  put('weird/huge.ts', "const s = headers['X-Spark-Signature'];\n" + line.repeat(Math.ceil((2.1 * 1024 * 1024) / line.length)), {
    kind: 'over the size limit (2.1 MB > 2 MB)',
    expect: 'skipped',
    reason: /^over the size limit \(2\.1 MB > 2 MB\)$/,
  });
  put('weird/vendor.bundle.js', 'var a=1;'.repeat(4000) + "var s=h['X-Spark-Signature'];" + 'var b=2;'.repeat(4000), {
    kind: 'minified bundle (one 64 KB line) with a notice token',
    expect: 'skipped',
    reason: /^generated \(minified: very long lines\)$/,
  });
  const fifo = spawnSync('mkfifo', [path.join(root, 'weird/pipe.ts')]);
  if (fifo.status !== 0) throw new Error(`mkfifo failed: ${fifo.stderr}`);
  cases.push({ path: 'weird/pipe.ts', kind: 'FIFO named pipe.ts (opening it would block)', expect: 'skipped', reason: /not a regular file/ });
  // (Not .gitignore: git itself would block reading it.)
  const ignoreFifo = spawnSync('mkfifo', [path.join(root, 'weird/.collab-migrateignore')]);
  if (ignoreFifo.status !== 0) throw new Error(`mkfifo failed: ${ignoreFifo.stderr}`);
  cases.push({ path: 'weird/.collab-migrateignore', kind: 'FIFO as an ignore file (read by the walk, would block)', expect: 'unlisted' });

  // Links.
  writeFileSync(path.join(outside, 'secret.ts'), header.input);
  link('links/outside.ts', path.join(outside, 'secret.ts'), { kind: 'link to a file outside the root', expect: 'skipped', reason: /outside the scanned folder/ });
  link('links/outside-dir', outside, { kind: 'link to a folder outside the root', expect: 'skipped', reason: /outside the scanned folder/ });
  link('links/dangling.ts', 'missing.ts', { kind: 'dangling link', expect: 'skipped', reason: /broken symbolic link/ });
  link('links/ping.ts', 'pong.ts', { kind: 'link loop (two links pointing at each other)', expect: 'skipped', reason: /link loop/ });
  link('links/pong.ts', 'ping.ts', { kind: 'link loop (two links pointing at each other)', expect: 'skipped', reason: /link loop/ });
  link('links/loop', '.', { kind: 'folder link to its own folder (loop)', expect: 'unlisted' });
  link('links/src-again', '../src', { kind: 'folder link inside the root (files reached twice)', expect: 'unlisted' });
  link('links/header-link.ts', '../src/header.ts', { kind: 'file link inside the root (target fixed once, link kept)', expect: 'unlisted' });

  if (opts.git !== false) {
    const env = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };
    for (const args of [['init', '-q'], ['add', '-A'], ['commit', '-qm', 'hostile tree']]) {
      const r = spawnSync('git', args, { cwd: root, env, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${r.stderr}`);
    }
  }
  // Set after `git add`, which does not need to write them.
  chmodSync(path.join(root, 'src/readonly.ts'), 0o444);

  return {
    root,
    outside,
    cases,
    cleanup() {
      rmSync(root, { recursive: true, force: true });
      rmSync(outside, { recursive: true, force: true });
    },
  };
}
