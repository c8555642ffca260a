/**
 * Twenty-ninth session, "hostile": the scanned repository is untrusted input, audited across the engine rather
 * than one regular expression at a time (docs/evaluation.md, "Twenty-ninth session: hostile input, audited").
 * Each case below hung the built tool before its fix (a regular expression that read from every start to the
 * same end, or split a run of white space every way: quadratic or cubic in a line or a file), or let a control
 * character through to a report. A hang can only be seen from outside, so each runs in a child process killed
 * after 20 s (on this machine the fixed code takes well under a second; the old took minutes); the answers are
 * those of the same text without the hostile part. No timing is asserted.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempProjects } from './helpers/temp-project.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (rel: string): string => JSON.stringify(pathToFileURL(path.join(ROOT, 'dist', rel)).href);
const LIMIT = 20_000;

/** Runs an ES module script in a child process (killed after {@link LIMIT}); its standard output, trimmed. */
function inChild(script: string): string {
  // The script on standard input: one argument may hold 128 KB at most.
  const r = spawnSync(process.execPath, ['--input-type=module'], { input: script, encoding: 'utf8', timeout: LIMIT, maxBuffer: 64 << 20 });
  expect(r.signal, 'killed: the child did not end in time').toBeNull();
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.trim();
}

/** Runs the built binary in a folder (JSON report, names relative to it; killed after {@link LIMIT}). */
function scan(root: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'dist', 'cli', 'bin.cjs'), '--format', 'json', '--concurrency', 'off', '--no-progress', '--today', '2026-11-28', '.'], {
    cwd: root,
    encoding: 'utf8',
    timeout: LIMIT,
    maxBuffer: 64 << 20,
    env: { ...process.env, NO_COLOR: '1' },
  });
  expect(r.signal, 'killed: the scan did not end in time').toBeNull();
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const project = tempProjects('cm-hostile-input-');
/** A module the API notices find (the old messages host): one finding. */
const CALL = "const MESSAGES_URL = 'https://api.ciscospark.com/v1/messages';\nexport async function post(t, roomId, markdown) {\n  return fetch(MESSAGES_URL, { method: 'POST', headers: { Authorization: 'Bearer ' + t }, body: JSON.stringify({ roomId, markdown }) });\n}\n";
const findingsOf = (stdout: string): Array<{ file: string; noticeId: string }> => (JSON.parse(stdout) as { findings: Array<{ file: string; noticeId: string }> }).findings;

describe('hostile text does not make a regular expression backtrack (a child process, killed after 20 s)', () => {
  it('`import` and 200,000 spaces: the specifiers of a text (modules.ts)', () => {
    const text = `import${' '.repeat(200_000)}x;\nimport a from './a.js';\nconst b = require( './b.js');\n`;
    const out = inChild(`const { specifiersIn } = await import(${dist('engine/project/modules.js')}); console.log(JSON.stringify(specifiersIn(${JSON.stringify(text)})));`);
    expect(JSON.parse(out)).toEqual(['./a.js', './b.js']);
  });

  it('a scan of a module holding `import` and 200,000 line breaks ends, and finds what the module calls', () => {
    const root = project({ 'a.js': `/* import${'\n'.repeat(200_000)}x */\n${CALL}` });
    const r = scan(root);
    expect(r.status, r.stderr).toBe(0);
    expect(findingsOf(r.stdout).map((f) => f.file)).toEqual(['a.js']);
  });

  it('a scan through a forwarder whose module holds `=> a<` 40,000 times ends, and finds the call (aliases.ts)', () => {
    const root = project({
      'a.js': 'import { send } from "./b.js";\nexport const post = (t, roomId, markdown) => send("https://api.ciscospark.com/v1/messages", { method: "POST", headers: { Authorization: "Bearer " + t }, body: JSON.stringify({ roomId, markdown }) });\n',
      'b.js': `/*\n${'=> a<'.repeat(40_000)}\n*/\nexport function send(u, i) {\n  return fetch(u, i);\n}\n`,
    });
    const r = scan(root);
    expect(r.status, r.stderr).not.toBe(2);
    expect(findingsOf(r.stdout).map((f) => f.file)).toContain('a.js');
  });

  it('100,000 escaped quotes on one line: the string literals of a text (literalsOf)', () => {
    const text = `${'x\\"'.repeat(100_000)}\n'a'`;
    const out = inChild(`const { literalsOf } = await import(${dist('engine/project/modules.js')}); console.log(JSON.stringify(literalsOf(${JSON.stringify(text)})));`);
    // Each `"` opens a string that the line break ends unclosed: only `'a'` is a literal (the old expression's answer).
    expect(JSON.parse(out)).toBe("'a'");
  });

  it('.env lines of long runs of tabs before a lone carriage return, or before a comment (parseEnv)', () => {
    const text = `A=${'\t'.repeat(3_000)}=${'\t'.repeat(3_000)}\rx\nB=1 ${'\t'.repeat(100_000)}x # comment\nC= "x y" \n`;
    const out = inChild(`const { parseEnv } = await import(${dist('engine/project/env.js')}); console.log(JSON.stringify([...parseEnv(${JSON.stringify(text)})]));`);
    // A carriage return inside a value is no value (as before); a comment after white space goes.
    expect(JSON.parse(out)).toEqual([
      ['B', `1 ${'\t'.repeat(100_000)}x`],
      ['C', 'x y'],
    ]);
  });

  it('100,000 `import` words and 40,000 `.get<` without `(`: the client hints (importsMayRequest)', () => {
    const text = `${'import '.repeat(100_000)}\n${'.get<'.repeat(40_000)}\nthis.http.get(url);\n`;
    const out = inChild(
      `const { importsMayRequest } = await import(${dist('engine/api/summaries.js')}); const { loadCatalog } = await import(${dist('engine/catalog/catalog.js')}); console.log(importsMayRequest({}, 'a.js', ${JSON.stringify(text)}, loadCatalog()));`,
    );
    // The call at the end is a method call an unidentified client may make: the answer is yes, as before.
    expect(out).toBe('true');
  });

  it('100,000 `var` on one line: whether a module reads browser globals (readsBrowserGlobals)', () => {
    const out = inChild(`const { readsBrowserGlobals } = await import(${dist('engine/project/context.js')}); console.log(readsBrowserGlobals(${JSON.stringify(`document.title;\n${'var '.repeat(100_000)}`)}), readsBrowserGlobals(${JSON.stringify(`const document = load();\ndocument.title;\n${'var '.repeat(100_000)}`)}));`);
    expect(out).toBe('true false');
  });

  it('100,000 `let A=(` without `)`: whether a component builds a URL from a prop (mayBuildUrlFromProps)', () => {
    const text = `const u = \`\${url}?client_id=\${id}\`;\n${'let A=('.repeat(100_000)}`;
    const out = inChild(`const { mayBuildUrlFromProps } = await import(${dist('engine/prefilter/prefilter.js')}); console.log(mayBuildUrlFromProps(${JSON.stringify(text)}, ['client_id']), mayBuildUrlFromProps(${JSON.stringify(`${text}\nconst B = (props) => null;`)}, ['client_id']));`);
    expect(out).toBe('false true');
  });

  it('100,000 `merge(` without `)`: a merge of a constant into a request (request-field)', () => {
    const script = `const { requestFieldDetector } = await import(${dist('engine/detectors/request-field.js')}); const { loadCatalog } = await import(${dist('engine/catalog/catalog.js')});
      const detection = loadCatalog().notices.find((n) => n.id === 'location-pstn-connection-moved').detections[0];
      const joined = ${JSON.stringify("fetch('https://webexapis.com/v1/telephony/config/locations/' + id, { method: 'PUT', body })")};
      const own = ${JSON.stringify('merge(a, '.repeat(100_000))};
      console.log(requestFieldDetector.mayMatchJoined(own, joined, { detection }), requestFieldDetector.mayMatchJoined(own + 'merge(DEFAULTS)', joined, { detection }));`;
    // No constant merged: no; the same with `merge(DEFAULTS)` after it: yes (a constant's keys may be the field).
    expect(inChild(script)).toBe('false true');
  });

  it('a page holding `<script` 60,000 times without `>`, and a bundler configuration of 100,000 `build: {` (where the API is called from)', () => {
    const rooms = "function rooms(token) {\n  $.ajax({ url: 'https://webexapis.com/v1/rooms', headers: { Authorization: 'Bearer ' + token }, method: 'POST', data: JSON.stringify({ title: 'x' }) });\n}\n";
    const page = `<html><body><script src="js/rooms.js"></script>${'<script\t'.repeat(60_000)}</body></html>\n`;
    const root = project({ 'index.html': page, 'js/rooms.js': rooms, 'package.json': JSON.stringify({ name: 'app', devDependencies: { vite: '5' } }), 'vite.config.js': `export default { ${'build: { '.repeat(100_000)}target: ${' '.repeat(100_000)}x }\n` });
    const script = `const { analyzeFile } = await import(${dist('engine/analyze.js')}); const { loadCatalog } = await import(${dist('engine/catalog/catalog.js')}); const catalog = loadCatalog();
      const r = analyzeFile({ filename: ${JSON.stringify(path.join(root, 'js', 'rooms.js'))}, text: ${JSON.stringify(rooms)} }, { catalog, notices: catalog.notices.filter((n) => n.id === 'cors-localhost-origins'), engine: { today: '2026-11-28' } });
      console.log(r.matches.map((m) => m.loc.start.line).join(','));`;
    // The page loads the script, nothing names an HTTPS origin: the browser call to the API is reported (line 2).
    expect(inChild(script)).toBe('2');
  });
});

describe('hostile configuration files', () => {
  it('a scope value followed by 20,000 tabs in a YAML file', () => {
    const yaml = (tail: string): string => `oauth:\n  scopes: spark:people_read spark:mesages_write${tail}\n`;
    const short = scan(project({ 'config.yml': yaml('\t\ty'), 'a.js': CALL }));
    const long = scan(project({ 'config.yml': yaml(`${'\t'.repeat(20_000)}y`), 'a.js': CALL }));
    const shape = (stdout: string): string[] => findingsOf(stdout).map((f) => `${f.file} ${f.noticeId}`);
    expect(shape(long.stdout)).toEqual(shape(short.stdout));
    expect(shape(long.stdout)).toContain('config.yml oauth-scope-unknown');
  });

  it('a .gitignore with `*a*a*...*b` (25 wildcards) and a line of 100,000 `[`, beside a 120-character name', () => {
    const root = project({ '.gitignore': `${'*a'.repeat(25)}*b\n${'['.repeat(100_000)}[]\nignored-*.js\n`, [`${'a'.repeat(120)}.js`]: CALL, 'ignored-1.js': CALL, 'b.js': CALL });
    const r = scan(root);
    expect(r.status, r.stderr).toBe(0);
    expect(findingsOf(r.stdout).map((f) => f.file).sort()).toEqual([`${'a'.repeat(120)}.js`, 'b.js']);
  });
});

describe('control characters in the JSON report', () => {
  it('a file name holding a bidirectional override and a C1 control is written with \\u escapes (the same name to a JSON reader)', () => {
    const names = ['\u202etxt.js', 'c\u009b31m.js'];
    const root = project(Object.fromEntries(names.map((n) => [n, CALL])));
    const r = scan(root);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(r.stdout).toContain('\\u202etxt.js');
    expect(findingsOf(r.stdout).map((f) => f.file).sort()).toEqual([...names].sort());
  });
});
