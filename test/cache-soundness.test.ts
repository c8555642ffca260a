/**
 * The result cache is sound for every direction the project model reads (issue 26 item 1, lesson 3): a file's
 * cached outcome must not outlive a change to anything its analysis read besides its own text: a module it
 * imports, a module that imports it (a client's importers decide a shared header's confidence and fix), an HTML
 * page that loads it (browser code), an environment file giving a variable its value, a tsconfig's `paths`, a module
 * a specifier names that appears or goes. The command line is run twice per round on a synthesized project with
 * random edits in between: the second run with `--cache` must report what a run without it reports, finding for
 * finding (place, message, confidence and its reason, fixability), and `--fix --dry-run` must plan the same edits.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { random } from './helpers/random.js';

// The bundled binary a user runs (dist/cli/bin.js: one file and V8's code cache, about half the start-up CPU of
// dist/cli/index.js, which loads every module tsc emitted); CM_SOUND_CLI names another build to compare.
const CLI = process.env.CM_SOUND_CLI ?? fileURLToPath(new URL('../dist/cli/bin.js', import.meta.url));
const API = 'https://webexapis.com/v1';

const temp = mkdtempSync(path.join(os.tmpdir(), 'cm-cache-sound-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Every file is given a distinct time in the past: never "racy", so the cache trusts size and time as it would. */
let clock = Math.floor(Date.now() / 1000) - 24 * 3600;
function put(root: string, rel: string, text: string | undefined): void {
  const file = path.join(root, rel);
  if (text === undefined) {
    rmSync(file, { force: true });
    return;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  clock += 7;
  utimesSync(file, clock, clock);
}

interface Finding {
  noticeId: string;
  file: string;
  line: number;
  column: number;
  message: string;
  confidence: string;
  confidenceReason?: string;
  fixable: boolean;
}

/**
 * The cold reference (no `--cache`): a process of its own, in one thread (`--concurrency off`). The thread that
 * walks beside the scan is not what these tests are about (test/walker.test.ts holds the scan in one thread to
 * the scan with the walker thread, with and without its help, file for file); the warm runs keep the default, as
 * a user's `--cache` run has it. One thread spares starting the walker thread, about a third of a run's CPU here.
 */
const COLD = ['--concurrency', 'off'];

function scan(root: string, extra: string[], dryRun = true): { findings: string[]; dryRun: string } {
  const run = (args: string[]): string => {
    const r = spawnSync(process.execPath, [CLI, '.', '--no-color', ...args, ...extra], { cwd: root, encoding: 'utf8', env: { ...process.env, CI: 'true', NO_COLOR: '1' }, timeout: 60_000 });
    expect(r.status === 0 || r.status === 1, r.stderr).toBe(true);
    return r.stdout;
  };
  const report = JSON.parse(run(['--format', 'json'])) as { findings: Finding[] };
  const findings = report.findings.map((f) => JSON.stringify([f.file, f.line, f.column, f.noticeId, f.confidence, f.confidenceReason ?? '', f.fixable, f.message])).sort();
  return { findings, dryRun: dryRun ? run(['--fix', '--dry-run']) : '' };
}

/** An axios client whose interceptor adds Content-Type to every request: judged by the requests of its importers. */
const client = `import axios from 'axios';
export const http = axios.create({ baseURL: '${API}', timeout: 5000 });
http.interceptors.request.use((cfg) => {
  cfg.headers['Content-Type'] = 'application/json';
  return cfg;
});
`;
const importer = (method: 'get' | 'post', what: string): string =>
  `import { http } from '../http/client.js';\nexport const ${what} = () => http.${method}('/${what}'${method === 'post' ? ', { title: "x" }' : ''});\n`;
/** A request to the API with no word of where it runs: browser code (cors-localhost-origins) only when a page loads it. */
const browserless = `export async function me(key) {\n  const r = await fetch('${API}/people/me', { headers: { Authorization: 'Bearer ' + key } });\n  return r.json();\n}\n`;
/** A GET with a JSON Content-Type to a base an environment variable holds. */
const envGet = "export const me = () => fetch(process.env.API_BASE + '/people/me', { headers: { 'Content-Type': 'application/json' } });\n";
/** A token request through a URL imported by a tsconfig `paths` alias. */
const token = "import axios from 'axios';\nimport { TOKEN_URL } from '@urls/token';\nexport const refresh = async (t: string) => (await axios.post(TOKEN_URL, { grant_type: 'refresh_token', refresh_token: t })).data.access_token;\n";
const tokenUrl = (host: string): string => `export const TOKEN_URL = '${host}/access_token';\n`;
const tsconfig = (target: string): string => JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@urls/*': [`src/${target}/*`] } } });
/** A GET with Content-Type to a base imported from a module that may not exist yet. */
const usesBase = "import { BASE } from './base.js';\nexport const me = () => fetch(BASE + '/people/me', { method: 'GET', headers: { 'Content-Type': 'application/json' } });\n";

/** The random edits: each sets one input of the project model to one of its states (undefined: absent). */
const EDITS: Array<{ name: string; rel: string; states: Array<string | undefined> }> = [
  { name: 'importer GETs, POSTs, or is gone', rel: 'src/api/rooms.js', states: [importer('get', 'rooms'), importer('post', 'rooms'), undefined] },
  { name: 'a second importer', rel: 'src/api/people.js', states: [importer('get', 'people'), undefined] },
  { name: 'a page loads the script, another, or none', rel: 'web/index.html', states: ['<!doctype html><script src="app.js"></script>\n', '<!doctype html><script src="other.js"></script>\n', undefined] },
  { name: 'a page one folder up', rel: 'index.html', states: ['<!doctype html><script src="web/app.js"></script>\n', undefined] },
  { name: 'the environment file', rel: '.env', states: [`API_BASE=${API}\n`, 'API_BASE=https://api.example.com\n', 'OTHER=1\n', undefined] },
  { name: 'an environment file beside the module', rel: 'src/.env.example', states: [`API_BASE=${API}\n`, undefined] },
  { name: 'tsconfig paths', rel: 'tsconfig.json', states: [tsconfig('urls-api'), tsconfig('urls-other'), undefined] },
  { name: 'the module a specifier names', rel: 'src/base.js', states: [`export const BASE = '${API}';\n`, "export const BASE = 'https://api.example.com';\n", undefined] },
  { name: 'an imported constant', rel: 'src/urls-api/token.ts', states: [tokenUrl(API), tokenUrl('https://sso.example.org/oauth'), undefined] },
];

function project(name: string): string {
  const root = path.join(temp, name);
  put(root, 'package.json', '{"name":"t","type":"module"}\n');
  put(root, 'src/http/client.js', client);
  put(root, 'src/api/messages.js', importer('post', 'messages'));
  put(root, 'web/app.js', browserless);
  put(root, 'web/other.js', 'export const x = 1;\n');
  put(root, 'src/env-get.js', envGet);
  put(root, 'src/token.ts', token);
  put(root, 'src/urls-other/token.ts', tokenUrl('https://sso.example.org/oauth'));
  put(root, 'src/uses-base.js', usesBase);
  return root;
}

describe('--cache gives what a scan without it gives, whatever the project model read changed', () => {
  it('a new importer of a client makes its shared-header finding certain, and the fix names the importer (a known stale case)', () => {
    const root = project('importer');
    const cache = ['--cache', '--cache-location', path.join(temp, 'importer.cache')];
    const first = scan(root, cache);
    expect(first.findings.some((f) => f.includes('src/http/client.js'))).toBe(false);
    put(root, 'src/api/rooms.js', importer('get', 'rooms'));
    const warm = scan(root, cache);
    const cold = scan(root, COLD);
    expect(cold.findings.filter((f) => f.includes('src/http/client.js')).map((f) => JSON.parse(f)[4])).toEqual(['certain']);
    expect(cold.dryRun).toContain('src/api/rooms.js');
    expect(warm).toEqual(cold);
  });

  it('random edits of importers, pages, environment files, tsconfig paths and modules between two scans (10 rounds)', () => {
    const root = project('random');
    const cache = ['--cache', '--cache-location', path.join(temp, 'random.cache')];
    const next = random(26);
    const seen = new Set<string>();
    let changedByEdit = 0;
    let before = scan(root, cache, false);
    for (let round = 0; round < 10; round++) {
      const edits = 1 + Math.floor(next() * 2);
      const applied: string[] = [];
      for (let e = 0; e < edits; e++) {
        const edit = EDITS[Math.floor(next() * EDITS.length)];
        const state = edit.states[Math.floor(next() * edit.states.length)];
        put(root, edit.rel, state);
        applied.push(`${edit.name}: ${state === undefined ? 'absent' : JSON.stringify(state.slice(0, 40))}`);
      }
      // Each run is a process of its own (as a second scan is); the fix plan is compared every other round.
      const cold = scan(root, COLD, round % 2 === 0);
      const warm = scan(root, cache, round % 2 === 0);
      expect(warm.findings, `round ${round}: ${applied.join('; ')}`).toEqual(cold.findings);
      expect(warm.dryRun, `round ${round}: ${applied.join('; ')}`).toEqual(cold.dryRun);
      if (JSON.stringify(cold.findings) !== JSON.stringify(before.findings)) changedByEdit++;
      seen.add(JSON.stringify(cold.findings));
      before = warm;
    }
    // The edits do move the findings (the test is not comparing two empty reports).
    expect(changedByEdit).toBeGreaterThanOrEqual(3);
    expect(seen.size).toBeGreaterThanOrEqual(3);
  }, 300_000);
});
