/**
 * A repository with no `.git` and no `package.json` at its root (a downloaded zip, a `git archive` export in CI, a
 * Docker build context): the project root of its files is the run's scan root (the CLI's path, ESLint's cwd, the
 * ts-morph codemod's root, jscodeshift's root), not each file's own folder, so an HTML page one folder up that loads
 * a script and a module imported from a sibling folder are read, in all four front ends alike. Nothing outside the
 * scan root is read: scanning a subfolder alone sees neither. Synthesized trees in a temporary folder (no marker
 * above them).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import transform from '../codemods/jscodeshift.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { migrateProject } from '../engine/project/ts-morph.js';
import { projectRootOf } from '../engine/project/resolve.js';
import { createPlugin, PLUGIN_NAME } from '../rules/index.js';
import { allRulesConfig } from './helpers/eslint-all.js';
import { runMain } from './helpers/main-io.js';
import { writeProjectFiles } from './helpers/temp-project.js';

const TODAY = '2026-11-22';
const catalog = loadCatalog();
const plugin = createPlugin(catalog);
const notices = catalog.notices.filter((n) => n.status !== 'informational' && n.detections.length > 0);
const API = 'https://webexapis.com/v1';

const temp = mkdtempSync(path.join(tmpdir(), 'cm-root-fallback-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A page one folder above the script it loads; a token request whose URL is a constant of a sibling folder's module. */
const FILES = {
  'site/index.html': '<!doctype html>\n<html><body><script src="scripts/app.js"></script></body></html>\n',
  'site/scripts/app.js': `export async function me(key) {\n  const r = await fetch('${API}/people/me', { headers: { Authorization: 'Bearer ' + key } });\n  return r.json();\n}\n`,
  'lib/urls.js': `export const TOKEN_URL = '${API}/access_token';\n`,
  'tools/refresh.js':
    "import axios from 'axios';\nimport { TOKEN_URL } from '../lib/urls.js';\nexport const refresh = async (t) => (await axios.post(TOKEN_URL, { grant_type: 'refresh_token', refresh_token: t })).data.access_token;\n",
};
const APP = 'site/scripts/app.js';
const REFRESH = 'tools/refresh.js';
const CORS = 'cors-localhost-origins';
const TOKEN = 'token-endpoint-form-body';

let n = 0;
/** A fresh copy of the tree (each front end's process-wide memory starts from nothing known about it). */
function tree(): string {
  const top = writeProjectFiles(path.join(temp, `t${n++}`), FILES);
  expect(existsSync(path.join(top, 'package.json')) || existsSync(path.join(top, '.git'))).toBe(false);
  return top;
}

describe('the project root without .git or package.json: the scan root', () => {
  it('the root of a file with no marker above it is the outermost scan root holding it, else its own folder', () => {
    const top = tree();
    const app = path.join(top, APP);
    expect(projectRootOf(app)).toBe(path.join(top, 'site/scripts'));
    expect(projectRootOf(app, [top])).toBe(top);
    expect(projectRootOf(app, [path.join(top, 'site'), top])).toBe(top);
    // A scan root that does not hold the file changes nothing.
    expect(projectRootOf(app, [path.join(top, 'tools')])).toBe(path.join(top, 'site/scripts'));
  });

  it('CLI: the page one folder up and the sibling module are read from the scan root, not from a subfolder scanned alone', async () => {
    const top = tree();
    const findings = async (scanned: string): Promise<string[]> => {
      const run = await runMain(top, [scanned, '--format', 'json', '--today', TODAY, '--concurrency', 'off']);
      expect(run.err).toBe('');
      return (JSON.parse(run.out) as { findings: Array<{ file: string; noticeId: string; confidence: string }> }).findings.filter((f) => f.noticeId === CORS || f.noticeId === TOKEN).map((f) => `${f.file} ${f.noticeId} ${f.confidence}`).sort();
    };
    expect(await findings('.')).toEqual([`${APP} ${CORS} certain`, `${REFRESH} ${TOKEN} certain`].sort());
    // Look-alikes: the same files scanned from their own folders see nothing outside them.
    expect(await findings('site/scripts')).toEqual([]);
    expect(await findings('tools')).toEqual([]);
  });

  it('ESLint: its cwd is the root', () => {
    const top = tree();
    const lint = (rel: string, cwd: string): string[] =>
      new Linter({ configType: 'flat', cwd })
        .verify(readFileSync(path.join(top, rel), 'utf8'), allRulesConfig(plugin, notices, TODAY), { filename: path.join(top, rel) })
        .map((m) => `${m.ruleId?.slice(PLUGIN_NAME.length + 1)} ${m.line}`)
        .filter((m) => m.startsWith(CORS) || m.startsWith(TOKEN))
        .sort();
    expect(lint(APP, top)).toEqual([`${CORS} 2`]);
    expect(lint(REFRESH, top)).toEqual([`${TOKEN} 3`]);
    expect(lint(APP, path.join(top, 'site/scripts'))).toEqual([]);
    expect(lint(REFRESH, path.join(top, 'tools'))).toEqual([]);
  });

  it('ts-morph codemod: its root is the root (the token request fixed only when the sibling module is inside it)', async () => {
    const top = tree();
    const [fromTop] = await migrateProject({ catalog, notices, engine: { today: TODAY }, root: top, files: [path.join(top, REFRESH)] });
    expect(fromTop.fixed.map((m) => m.noticeId)).toEqual([TOKEN]);
    expect(fromTop.after).not.toBe(fromTop.before);
    const [app] = await migrateProject({ catalog, notices, engine: { today: TODAY }, root: top, files: [path.join(top, APP)] });
    expect(app.remaining.map((m) => `${m.noticeId} ${m.confidence}`)).toEqual([`${CORS} certain`]);
    const [alone] = await migrateProject({ catalog, notices, engine: { today: TODAY }, root: path.join(top, 'tools'), files: [path.join(top, REFRESH)] });
    expect(alone.fixed).toEqual([]);
    expect(alone.after).toBe(alone.before);
  });

  it('jscodeshift: its root (`--root=`, default the working folder) is the root, with the same fix as the codemod', async () => {
    const top = tree();
    const file = path.join(top, REFRESH);
    const source = readFileSync(file, 'utf8');
    const [codemod] = await migrateProject({ catalog, notices, engine: { today: TODAY }, root: top, files: [file] });
    expect(transform({ path: file, source }, {}, { today: TODAY, root: top })).toBe(codemod.after);
    expect(transform({ path: file, source }, {}, { today: TODAY, root: path.join(top, 'tools') })).toBe(source);
    const reports: string[] = [];
    const app = path.join(top, APP);
    transform({ path: app, source: readFileSync(app, 'utf8') }, { report: (m) => reports.push(m) }, { today: TODAY, root: top });
    expect(reports.map((r) => r.split(' ').slice(0, 2).join(' '))).toEqual([`2:25 ${CORS}:`]);
    reports.length = 0;
    transform({ path: app, source: readFileSync(app, 'utf8') }, { report: (m) => reports.push(m) }, { today: TODAY, root: path.join(top, 'site/scripts') });
    expect(reports).toEqual([]);
  });
});
