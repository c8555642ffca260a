/**
 * Fix mode: writes, dirty-tree refusal, dry run, outcomes, what remains. The first run is the built binary (the
 * bundle's fix path and the ts-morph chunk it loads), the interruption a signal to it; the rest run the CLI in
 * this process (`cliInProcess`), where a spawn proves nothing more and ts-morph loads once.
 */
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, cli, cliInProcess, git, removeTree, tempTree } from './cli/run.js';

const TODAY = ['--today', '2026-11-22'];
const RENAME = 'workspace-answer-confirmation-renamed';

const INPUT = `interface SimRing {\r
  enabled: boolean;\r
  answerConfirmationEnabled: boolean;\r
}\r
\r
export async function update(token: string, ring: SimRing) {\r
  const body = { enabled: ring.enabled, answerConfirmationEnabled: false };\r
  if (ring.answerConfirmationEnabled) console.log('on'); // keep this comment\r
  await fetch('https://webexapis.com/v1/telephony/config/workspaces/w1/simultaneousRing', {\r
    method: 'PUT',\r
    headers: { Authorization: \`Bearer \${token}\` },\r
    body: JSON.stringify(body),\r
  });\r
}\r
`;
const EXPECTED = INPUT.replaceAll('answerConfirmationEnabled', 'answerConfirmationRequiredEnabled');
const NOT_FIXABLE = `export function inactive(user: { accountStatus: string }) {\n  return user.accountStatus === 'Inactive';\n}\n`;
const HOSTS = '{ "cdr": "https://analytics.webexapis.com/v1/cdr_feed" }\n';

let dirs: string[] = [];
function repo(files: Record<string, string>): string {
  const d = tempTree(files);
  dirs.push(d);
  git(d, 'init', '-q');
  git(d, 'add', '-A');
  git(d, 'commit', '-qm', 'init');
  return d;
}
const read = (d: string, f: string): string => readFileSync(path.join(d, f), 'utf8');

beforeAll(() => assertBuilt());
afterEach(() => {
  for (const d of dirs) removeTree(d);
  dirs = [];
});

describe('--fix', { timeout: 180_000 }, () => {
  it('fixes files in a clean work tree (CRLF and comments kept, mode bits kept); a second run changes nothing', async () => {
    const d = repo({ 'src/sim-ring.ts': INPUT, 'src/clean.ts': 'export const x = 1;\n' });
    chmodSync(path.join(d, 'src/sim-ring.ts'), 0o640);
    // Through the binary: the bundle's fix path.
    const r = cli(['--fix', '--only', RENAME, ...TODAY], { cwd: d });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(read(d, 'src/sim-ring.ts')).toBe(EXPECTED);
    expect(statSync(path.join(d, 'src/sim-ring.ts')).mode & 0o777).toBe(0o640);
    expect(r.stdout).toMatch(/fixed {6}src\/sim-ring\.ts {2}\(3 fixes\)/);
    expect(r.stdout).toContain('3 fixes applied in 1 file; 0 unchanged, 0 failed, 0 skipped');
    expect(r.stdout).toContain('No findings');
    // no temporary files left behind
    expect(git(d, 'status', '--porcelain', '--untracked-files=all').trim()).toBe('M src/sim-ring.ts');
    git(d, 'commit', '-qam', 'fixed');
    const again = await cliInProcess(['--fix', '--only', RENAME, ...TODAY], { cwd: d });
    expect(again.code).toBe(0);
    expect(read(d, 'src/sim-ring.ts')).toBe(EXPECTED);
    expect(again.stdout).toContain('0 fixes applied in 0 files');
  });

  it('refuses files with uncommitted changes and names them; --allow-dirty goes ahead', async () => {
    const d = repo({ 'a.ts': INPUT, 'b.ts': INPUT, 'c.ts': NOT_FIXABLE });
    writeFileSync(path.join(d, 'a.ts'), INPUT + '// local edit\r\n');
    writeFileSync(path.join(d, 'new.ts'), INPUT);
    writeFileSync(path.join(d, 'c.ts'), NOT_FIXABLE + '// dirty but nothing to fix\n');
    const r = await cliInProcess(['--fix', '--only', RENAME, ...TODAY], { cwd: d });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('Refusing to fix: 2 files have uncommitted changes (commit or stash them, or use --allow-dirty):\n  a.ts\n  new.ts\n');
    expect(read(d, 'b.ts')).toBe(INPUT); // nothing written at all
    expect(read(d, 'a.ts')).toBe(INPUT + '// local edit\r\n');
    const ok = await cliInProcess(['--fix', '--allow-dirty', '--only', RENAME, ...TODAY], { cwd: d });
    expect(ok.code).toBe(0);
    expect(read(d, 'a.ts')).toBe(EXPECTED + '// local edit\r\n');
    expect(read(d, 'new.ts')).toBe(EXPECTED);
    expect(read(d, 'b.ts')).toBe(EXPECTED);
  });

  it('outside a git work tree there is nothing to protect, and it says there is no undo', async () => {
    const d = tempTree({ 'a.ts': INPUT });
    dirs.push(d);
    const r = await cliInProcess(['--fix', '--only', RENAME, ...TODAY], { cwd: d });
    expect(r.code).toBe(0);
    expect(read(d, 'a.ts')).toBe(EXPECTED);
    expect(r.stderr).toBe('collab-migrate --fix: the file it changes is not in a git repository, so there is no undo (no git diff to review the changes, no git checkout to restore them). Run --dry-run first to see the changes, or keep a copy.\n');
    // Nothing to say for --dry-run (it writes nothing), nor inside a repository.
    writeFileSync(path.join(d, 'a.ts'), INPUT);
    expect((await cliInProcess(['--fix', '--dry-run', '--only', RENAME, ...TODAY], { cwd: d })).stderr).toBe('');
    const inRepo = repo({ 'a.ts': INPUT });
    expect((await cliInProcess(['--fix', '--only', RENAME, ...TODAY], { cwd: inRepo })).stderr).toBe('');
  });

  it('--dry-run lists, for an edit in shared code, the calls it changes', async () => {
    const shared = readFileSync(new URL('./fixtures/get-request-content-type/shared-wrapper.input.ts', import.meta.url), 'utf8');
    const d = repo({ 'src/scim.ts': shared });
    const r = await cliInProcess(['--fix', '--dry-run', '--only', 'get-request-content-type', ...TODAY], { cwd: d });
    expect(r.code).toBe(0);
    expect(read(d, 'src/scim.ts')).toBe(shared);
    expect(r.stdout).toContain("...(init.body !== undefined ? { 'Content-Type': 'application/scim+json' } : {})");
    expect(r.stdout).toContain('shared code: the edit at src/scim.ts:7 (get-request-content-type) changes 2 calls:\n  src/scim.ts:12:52 (GET)\n  src/scim.ts:14:3 (PATCH)\n');
    expect(r.stdout).toContain('shared code: the edit at src/scim.ts:18 (get-request-content-type) changes 2 calls:');
  });

  it('--dry-run prints a unified diff and writes nothing, even in a dirty tree', async () => {
    const d = repo({ 'src/a.ts': INPUT });
    writeFileSync(path.join(d, 'src/a.ts'), INPUT + '\r\n');
    const r = await cliInProcess(['--fix', '--dry-run', '--only', RENAME, ...TODAY], { cwd: d });
    expect(r.code).toBe(0);
    expect(read(d, 'src/a.ts')).toBe(INPUT + '\r\n');
    expect(r.stdout).toMatch(/^--- a\/src\/a\.ts\n\+\+\+ b\/src\/a\.ts\n@@ /);
    expect(r.stdout).toContain('-  answerConfirmationEnabled: boolean;\r\n+  answerConfirmationRequiredEnabled: boolean;\r\n');
    expect(r.stdout).toContain('Fix (dry run, nothing written):');
    expect(r.stdout).toContain('would-fix  src/a.ts  (3 fixes)');
    expect(r.stdout).toContain('3 fixes would be applied in 1 file;');
    // Nothing was written: the closing line says what the fixes would leave, not "No findings".
    expect(r.stdout).toContain('✔ No findings would remain after the fixes above in 1 file');
    expect(r.stdout).toContain('; dry run, nothing written).');
    expect(r.stdout).not.toMatch(/✔ No findings in/);
    const asJson = JSON.parse((await cliInProcess(['--dry-run', '--only', RENAME, '--format', 'json', ...TODAY], { cwd: d })).stdout);
    expect(asJson.mode).toBe('fix-dry-run');
    expect(asJson.files[0]).toMatchObject({ file: 'src/a.ts', outcome: 'would-fix', fixed: 3, findings: 0 });
    expect(asJson.files[0].diff).toContain('+  answerConfirmationRequiredEnabled: boolean;');
  });

  it('exits by what remains and lists what still needs a human; --region makes host fixes exact', async () => {
    const d = repo({ 'a.ts': INPUT, 'config/hosts.json': HOSTS });
    const r = await cliInProcess(['--fix', '--only', `${RENAME},call-history-regional-hosts`, ...TODAY], { cwd: d });
    expect(r.code).toBe(1);
    expect(read(d, 'a.ts')).toBe(EXPECTED);
    expect(read(d, 'config/hosts.json')).toBe(HOSTS); // no region: only suggestions, nothing written
    expect(r.stdout).toMatch(/unchanged {2}config\/hosts\.json {2}\(1 left\)/);
    expect(r.stdout).toContain('Still needs a human (1 finding):\n  config/hosts.json:1:');
    git(d, 'commit', '-qam', 'fixed');
    const eu = await cliInProcess(['--fix', '--region', 'eu', '--only', 'call-history-regional-hosts', ...TODAY], { cwd: d });
    expect(eu.code).toBe(0);
    expect(read(d, 'config/hosts.json')).toBe(HOSTS.replace('analytics.webexapis.com', 'analytics-calling-eu.webexapis.com'));
  });

  it('does not fix a finding under a live suppression comment, but fixes the others', async () => {
    const url = 'https://webexapis.com/v1/telephony/config/workspaces/w1/simultaneousRing';
    const send = `fetch('${url}', { method: 'PUT', body: JSON.stringify(a) });\nfetch('${url}', { method: 'PUT', body: JSON.stringify(b) });\n`;
    const input = `export const a = { answerConfirmationEnabled: true };\n// collab-migrate-ignore-next-line ${RENAME} -- server still old\nexport const b = { answerConfirmationEnabled: true };\n${send}`;
    const d = repo({ 'a.ts': input });
    const r = await cliInProcess(['--fix', '--only', RENAME, ...TODAY], { cwd: d });
    expect(r.code).toBe(0);
    expect(read(d, 'a.ts')).toBe(input.replace('answerConfirmationEnabled', 'answerConfirmationRequiredEnabled'));
  });

  it('fixes a folder outside the working directory, even with a broken tsconfig.json', async () => {
    const d = tempTree({ 'proj/a.ts': INPUT, 'proj/tsconfig.json': '{ "compilerOptions": { "strict": tru', 'elsewhere/.keep': '' });
    dirs.push(d);
    const r = await cliInProcess(['--fix', '--only', RENAME, ...TODAY, '../proj'], { cwd: path.join(d, 'elsewhere') });
    expect(r.code).toBe(0);
    expect(read(d, 'proj/a.ts')).toBe(EXPECTED);
    expect(r.stdout).toMatch(/fixed {6}\.\.\/proj\/a\.ts {2}\(3 fixes/);
  });

  it('a file that does not parse is listed as not analysed and left as it is', async () => {
    const broken = 'export const a = { answerConfirmationEnabled: true ;\n';
    const d = repo({ 'bad.ts': broken, 'good.ts': INPUT });
    const r = await cliInProcess(['--fix', '--only', RENAME, '--format', 'json', ...TODAY], { cwd: d });
    expect(r.code).toBe(0);
    expect(read(d, 'bad.ts')).toBe(broken);
    expect(read(d, 'good.ts')).toBe(EXPECTED);
    const files = JSON.parse(r.stdout).files;
    // Property renames need a syntax tree: no text-level finding, so --fix does not touch it, and says so.
    const reason = expect.stringMatching(/^does not parse/);
    expect(files).toContainEqual({ file: 'bad.ts', outcome: 'scanned', findings: 0, reason, unanalysed: reason });
    expect(r.stderr).toMatch(/^collab-migrate --fix could not look at 1 file\(s\):\n  bad\.ts: does not parse/);
    expect(files).toContainEqual({ file: 'good.ts', outcome: 'fixed', findings: 0, fixed: 3 });
  });
});

describe('interruption', { timeout: 180_000 }, () => {
  it('SIGINT during a fix run leaves every file either as it was or fully fixed, and no temporary files', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 150; i++) files[`src/f${String(i).padStart(3, '0')}.ts`] = INPUT;
    const d = tempTree(files);
    dirs.push(d);
    const { spawn } = await import('node:child_process');
    const { BIN } = await import('./cli/run.js');
    const child = spawn(process.execPath, [BIN, '--fix', '--only', RENAME, '--today', '2026-11-22'], { cwd: d, env: { ...process.env, CI: 'true' } });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))));
    // Interrupt once the run is under way (whatever phase it is in, the invariant must hold).
    await new Promise((resolve) => setTimeout(resolve, 2500));
    child.kill('SIGINT');
    const code = await exited;
    const { readdirSync } = await import('node:fs');
    const names = readdirSync(path.join(d, 'src'));
    expect(names.filter((n) => n.endsWith('.tmp'))).toEqual([]);
    let fixed = 0;
    for (const name of names) {
      const text = read(d, `src/${name}`);
      expect([INPUT, EXPECTED]).toContain(text);
      if (text === EXPECTED) fixed++;
    }
    // Either it was stopped (130, or killed before writing) or it had already finished.
    expect([130, -1, 0]).toContain(code);
    if (code === 0) expect(fixed).toBe(150);
    if (code === 130) expect(out).toMatch(/interrupted before this file was written|fixes applied/);
  });
});
