/**
 * Issue 26, the twelfth session's sweep of new public repositories: shapes the engine missed there, each with a
 * case it must find and a look-alike that must stay quiet (synthesized code). A request helper made of static
 * methods (`Http.get(path)` -> `Http.send('get', url)` -> `got(url, {...})`); a base URL kept in a class's static
 * field or returned by its static getter (`Config.getApiUrl()`), in the same file or imported; a helper whose file
 * writes no API URL of its own, only imports it. Projects are small trees in a temporary folder (a `.git` folder
 * marks the root), read by the project model as a scan of a repository would.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, prefilterEntries, type AnalyzeOptions } from '../engine/analyze.js';
import { PrefilterPlan } from '../engine/prefilter/prefilter.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import type { Match } from '../engine/types.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-26' } });

const project = tempProjects('cm-sweep-shapes-');

/** Writes a project (a `.git` folder marks its root) and scans one of its files. */
function scanProject(files: Record<string, string>, rel: string, opts: AnalyzeOptions): Match[] {
  return analyzeFile({ filename: path.join(project(files), rel), text: files[rel] }, opts).matches;
}

const summary = (m: Match): string => `${m.noticeId} ${m.loc.start.line} ${m.confidence}${m.fix ? ' fix' : ''}`;

const staticHelper = (base: string, head = ''): string => `import got from 'got';
${head}
export default class Http {
  static get(path) {
    return Http.send('get', ${base} + '/' + path);
  }
  static post(path, body) {
    return this.send('post', ${base} + '/' + path, body);
  }
  static send(method, url, body) {
    return got(url, {
      method,
      headers: { Authorization: 'Bearer ' + process.env.TOKEN, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    }).json();
  }
}
`;

describe('a request helper made of static methods', () => {
  it('`Http.send(...)` and `this.send(...)` in static methods are call sites of the static wrapper: its GET caller is judged', () => {
    const code = staticHelper("'https://webexapis.com/v1'");
    const found = scanProject({ 'http.js': code }, 'http.js', only('get-request-content-type'));
    // `Http.send` is public: other modules may call it with another service's URL, so the edit (right for every
    // caller's body: the header stays with the POST's) is a suggestion, not an autofix (thirtieth session's fix audit).
    expect(found.map(summary)).toEqual(['get-request-content-type 13 certain']);
    expect(found[0].suggestions?.flatMap((s) => s.edits).map((e) => e.text).join('')).toContain("body !== undefined ? { 'Content-Type': 'application/json' } : {}");
  });
  it('look-alike: a static wrapper whose callers only POST, and a same-named method of another class, stay quiet', () => {
    const code = `import got from 'got';
export class Http {
  static post(path, body) {
    return Http.send('post', 'https://webexapis.com/v1/' + path, body);
  }
  static send(method, url, body) {
    return got(url, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).json();
  }
}
export class Crm {
  static rooms() {
    return Crm.send('get', 'https://webexapis.com/v1/rooms');
  }
  static send(method, url) {
    return got('https://crm.example.com/api', { method, headers: { 'X-Url': url } }).json();
  }
}
`;
    expect(scanProject({ 'http.js': code }, 'http.js', only('get-request-content-type')).map(summary)).toEqual([]);
  });
});

describe("a base URL in a class's static field or returned by its static getter", () => {
  const config = (field: string, extra = ''): string => `export default class Config {
  static apiUrl = ${field};
  static getApiUrl() {
    return Config.apiUrl;
  }
  static getBase() {
    return this.apiUrl;
  }
  ${extra}
}
`;
  it('imported: `Config.getApiUrl() + ...` in a helper whose own file writes no API URL', () => {
    const files = { 'src/config.js': config("'https://webexapis.com/v1'"), 'src/lib/http.js': staticHelper('Config.getApiUrl()', "import Config from '../config';") };
    expect(scanProject(files, 'src/lib/http.js', only('get-request-content-type')).map(summary)).toEqual(['get-request-content-type 13 certain']);
  });
  it('imported, with the HTTP client imported under another name (`import Got from \'got\'`): the helper is still a file that makes calls', () => {
    const helper = staticHelper('Config.getApiUrl()', "import Config from '../config';").replace("import got from 'got';", "import Got from 'got';").replace('return got(url', 'return Got(url');
    expect(helper).toContain('Got(url');
    const files = { 'src/config.js': config("'https://webexapis.com/v1'"), 'src/lib/http.js': helper };
    expect(scanProject(files, 'src/lib/http.js', only('get-request-content-type')).map(summary)).toEqual(['get-request-content-type 13 certain']);
  });
  it('look-alike for the walker: a file holding a Content-Type header object and imports, but making no HTTP call, is not sent to read its imports', () => {
    const notices = catalog.notices.filter((n) => n.id === 'get-request-content-type');
    const plan = new PrefilterPlan(prefilterEntries(notices, catalog));
    const headersOnly = "import { log } from './log';\nexport const JSON_HEADERS = { 'Content-Type': 'application/json' };\nlog(JSON_HEADERS);\n";
    expect(plan.needsAnalysis(headersOnly, 'js')).toBe(false);
    // The same object in a file that calls an imported client is read.
    expect(plan.needsAnalysis(`import Got from 'got';\n${headersOnly}export const get = (u) => Got(u, { headers: JSON_HEADERS });\n`, 'js')).toBe(true);
  });
  it('look-alike for the walker: a server file calling an imported `authorize` policy is not sent to read its imports for the authorize URL', () => {
    const notices = catalog.notices.filter((n) => n.id === 'oauth-authorize-state-missing');
    const plan = new PrefilterPlan(prefilterEntries(notices, catalog));
    const policy = "import { authorize } from '@server/policies';\nexport function load(user, doc) {\n  authorize(user, 'read', doc);\n  return doc;\n}\n";
    expect(plan.needsAnalysis(policy, 'ts')).toBe(false);
    // A file that calls with an imported authorize URL is read.
    expect(plan.needsAnalysis(`import { AUTHORIZE_URL } from './urls';\nexport const go = () => fetch(AUTHORIZE_URL + '?client_id=x');\n`, 'ts')).toBe(true);
  });
  it('imported: the static field itself, and a getter returning `this.apiUrl`', () => {
    const code = `import got from 'got';
import Config from './config';
export const a = (id) => got(Config.apiUrl + '/' + id, { headers: { 'Content-Type': 'application/json' } }).json();
export const b = (id) => got(Config.getBase() + '/' + id, { headers: { 'Content-Type': 'application/json' } }).json();
`;
    expect(scanProject({ 'config.js': config("'https://webexapis.com/v1'"), 'use.js': code }, 'use.js', only('get-request-content-type')).map(summary)).toEqual([
      'get-request-content-type 3 certain fix',
      'get-request-content-type 4 certain fix',
    ]);
  });
  it('same file: the legacy host in a static field is found where it is written', () => {
    const code = `${config("'https://api.ciscospark.com/v1'")}
export const me = () => fetch(Config.getApiUrl() + '/people/me');
`;
    expect(scanProject({ 'config.js': code }, 'config.js', only('legacy-api-host')).map(summary)).toEqual(['legacy-api-host 2 certain fix']);
  });
  it('look-alikes: a static field set elsewhere in its file, another host, or a getter that computes', () => {
    const reassigned = config("'https://webexapis.com/v1'", 'static useProxy() { Config.apiUrl = "/proxy"; }');
    const other = config("'https://crm.example.com/api'");
    // A getter that computes is folded like the same code written inline (26chains: static methods of an imported
    // class are followed); one that computes another service's URL stays quiet.
    const computed = `export default class Config {
  static getApiUrl() {
    const tenant = process.env.TENANT;
    return 'https://' + tenant + '.crm.example.com/api';
  }
}
`;
    const use = `import got from 'got';
import Config from './config';
export const a = (id) => got(Config.getApiUrl() + '/' + id, { headers: { 'Content-Type': 'application/json' } }).json();
`;
    for (const c of [reassigned, other, computed]) expect(scanProject({ 'config.js': c, 'use.js': use }, 'use.js', only('get-request-content-type')).map(summary)).toEqual([]);
    // The same getter computing an unknown host and the API's `/v1` path: judged as `host + '/v1'` written in use.js is;
    // the host is an environment variable with no value in the repository, so the path alone says API: likely
    // (branch 26rest; certain before).
    const apiPath = computed.replace("'https://' + tenant + '.crm.example.com/api'", "tenant + '/v1'");
    expect(scanProject({ 'config.js': apiPath, 'use.js': use }, 'use.js', only('get-request-content-type')).map(summary)).toEqual(['get-request-content-type 3 likely']);
  });
});
