/**
 * The project model (engine/project/): findings that need another file of the project. Each shape is a small
 * tree under test/fixtures-project/cross-file/<case>/ with a look-alike tree beside it (<case>-lookalike/) that
 * differs only where the other file says the code does not reach the API (or does not run in a browser): the
 * positive must be found, with the file read alone it must not be (so the model is what finds it), and the
 * look-alike must stay quiet.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { ModuleResolver } from '../engine/project/resolve.js';
import { moduleRecord, projectOf, specifiersIn } from '../engine/project/modules.js';
import { contextOf } from './helpers/snippets.js';
import { CROSS_FILE_CASES as CASES, CROSS_FILE_SHAPES as SHAPES, lookalikeOf } from './helpers/cross-file.js';
import { tempProjects } from './helpers/temp-project.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const catalog = loadCatalog();
const notices = catalog.notices.filter((n) => n.status !== 'informational');
const options: AnalyzeOptions = { catalog, notices, engine: { today: '2026-11-22' } };
const projects = tempProjects('cm-project-');

function findings(rel: string, opts: AnalyzeOptions = options): string[] {
  const file = path.join(CASES, rel);
  const result = analyzeFile({ filename: file, text: readFileSync(file, 'utf8') }, opts);
  return result.matches.map((m) => `${m.noticeId} ${m.loc.start.line} ${m.confidence}${m.fix ? ' fix' : ''}`);
}


describe('findings that follow values across files', () => {
  for (const { shape, file, finding, aloneFlagsLookalike } of SHAPES) {
    const notice = finding.split(' ')[0];
    const lookalike = lookalikeOf(file);
    const alone = { ...options, project: false as const };
    it(`${shape}: found`, () => {
      expect(findings(file)).toContain(finding);
    });
    if (aloneFlagsLookalike) {
      // `webex.post('/access_token')` of an unknown client reads as the API by its path alone: only the module
      // that makes the client says where it goes.
      it(`${shape}: read alone, the look-alike is reported too`, () => {
        expect(findings(lookalike, alone)).toContain(finding);
      });
    } else {
      it(`${shape}: not found with the file read alone`, () => {
        expect(findings(file, alone).filter((f) => f.startsWith(`${notice} `))).toEqual([]);
      });
    }
    it(`${shape}: its look-alike stays quiet`, () => {
      expect(findings(lookalike).filter((f) => f.startsWith(`${notice} `))).toEqual([]);
    });
  }

  it('a web app package does not make its server code browser code (a `server/` folder, a module importing `node:fs`)', () => {
    expect(findings('browser-cra/src/api/rooms.js')).toContain('cors-localhost-origins 2 certain');
    expect(findings('browser-cra/src/server/rooms.js').filter((f) => f.startsWith('cors-localhost-origins '))).toEqual([]);
    expect(findings('browser-cra/src/sync.js').filter((f) => f.startsWith('cors-localhost-origins '))).toEqual([]);
  });

  it("a package's `main` for Node in a web app's source tree is not browser code", () => {
    const text = readFileSync(path.join(CASES, 'browser-cra/src/api/rooms.js'), 'utf8');
    const manifest = JSON.stringify({ main: 'src/api/rooms.js', dependencies: { react: '18', 'react-dom': '18', 'react-scripts': '5' } });
    const dir = projects({ 'package.json': manifest, 'src/api/rooms.js': text }, { git: false });
    const file = path.join(dir, 'src', 'api', 'rooms.js');
    expect(analyzeFile({ filename: file, text }, options).matches.map((m) => m.noticeId)).not.toContain('cors-localhost-origins');
  });

  describe("a web app's file that the package's scripts or an editor's launch configuration run with Node", () => {
    const cra = { react: '18', 'react-dom': '18', 'react-scripts': '5' };
    // A synthesized Node check script in a front end's src/: an axios GET with its own Content-Type, which
    // axios sends from Node (its browser adapters drop it without data).
    const text = [
      "import axios from 'axios';",
      'export async function countPeople(token) {',
      "  const res = await axios.get('https://webexapis.com/v1/people?max=10', {",
      "    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },",
      '  });',
      '  return res.data.items.length;',
      '}',
      '',
    ].join('\n');
    const notices = (files: Record<string, string>, rel: string): string[] => {
      const dir = projects({ ...files, [rel]: text });
      const file = path.join(dir, rel);
      return analyzeFile({ filename: file, text }, options).matches.map((m) => `${m.noticeId} ${m.loc.start.line}`);
    };
    const launch = (configurations: string): string =>
      ['{', '  // Hover to view descriptions of existing attributes.', '  "version": "0.2.0",', `  "configurations": [${configurations}],`, '}', ''].join('\n');

    it('a package script `node src/...` makes it Node code: no CORS finding, and its GET sends the Content-Type', () => {
      const pkg = JSON.stringify({ scripts: { start: 'react-scripts start', count: 'node -r dotenv/config src/tools/count.js' }, dependencies: cra });
      const found = notices({ 'package.json': pkg }, 'src/tools/count.js');
      expect(found).not.toContain('cors-localhost-origins 3');
      expect(found).toContain('get-request-content-type 4');
    });

    it('a `.vscode/launch.json` Node program (comments, a trailing comma) makes it Node code', () => {
      const config = '\n    { "type": "node", "request": "launch", "name": "Count", "program": "${workspaceFolder}/src/count.js", },\n  ';
      const found = notices({ 'package.json': JSON.stringify({ dependencies: cra }), '.vscode/launch.json': launch(config) }, 'src/count.js');
      expect(found).not.toContain('cors-localhost-origins 3');
      expect(found).toContain('get-request-content-type 4');
    });

    it('look-alikes stay browser code: scripts that run other files or none, a browser launch, a Node launch of another file', () => {
      const pkg = JSON.stringify({ scripts: { start: 'react-scripts start', build: 'node scripts/build.js', v: 'node --version' }, dependencies: cra });
      const configs =
        '{ "type": "chrome", "request": "launch", "url": "http://localhost:3000", "webRoot": "${workspaceFolder}/src" },' +
        ' { "type": "node", "request": "launch", "program": "${workspaceFolder}/src/other.js" }';
      // `src/index.js` imports it: a module of the app's tree that nothing imports is in no page.
      const found = notices({ 'package.json': pkg, '.vscode/launch.json': launch(configs), 'src/index.js': "import { countPeople } from './count';\ncountPeople();\n" }, 'src/count.js');
      expect(found).toContain('cors-localhost-origins 3');
      expect(found.filter((f) => f.startsWith('get-request-content-type '))).toEqual([]);
    });
  });

  describe('a store action dispatched by name (Vuex `dispatch(name, payload)`) is read at the dispatch', () => {
    // Synthesized store: a generic request action in one module, a browser module dispatching to it.
    const helpers = [
      'export function withQuery (base, query) {',
      '  let out = base',
      "  for (const k of Object.keys(query || {})) out += (out.includes('?') ? '&' : '?') + k + '=' + encodeURIComponent(query[k])",
      '  return out',
      '}',
      'export function viaProxy (target) {',
      "  return '/proxy?to=' + encodeURIComponent(target)",
      '}',
      '',
    ].join('\n');
    const requestModule = (urlExpression: string, holder = 'actions'): string =>
      [
        "import { withQuery, viaProxy } from '../../helpers'",
        `const ${holder} = {`,
        '  async request ({ commit }, { url, options = {}, mutation }) {',
        "    options.headers = options.headers || {}",
        `    const target = ${urlExpression}`,
        '    const res = await window.fetch(target, options)',
        '    const json = await res.json()',
        '    if (mutation) commit(mutation, json)',
        '    return json',
        '  }',
        '}',
        `export default { ${holder} }`,
        '',
      ].join('\n');
    const userModule = (url: string): string =>
      [
        'const actions = {',
        '  async loadProfile ({ dispatch }) {',
        "    const token = window.localStorage.getItem('token')",
        '    return dispatch(\'request\', {',
        `      url: '${url}',`,
        "      options: { method: 'GET', headers: { Authorization: 'Bearer ' + token } },",
        "      mutation: 'setProfile'",
        '    })',
        '  }',
        '}',
        'export default { actions }',
        '',
      ].join('\n');
    const cors = (files: Record<string, string>): string[] => {
      // A Vue app of the repository (its page is served from this machine by `vue-cli-service serve`).
      const pkg = JSON.stringify({ scripts: { serve: 'vue-cli-service serve' }, dependencies: { vue: '2', vuex: '3' } });
      const dir = projects({ 'package.json': pkg, 'src/helpers.js': helpers, ...files });
      const file = path.join(dir, 'src/store/modules/user.js');
      const text = readFileSync(file, 'utf8');
      return analyzeFile({ filename: file, text }, options).matches.filter((m) => m.noticeId === 'cors-localhost-origins').map((m) => `${m.loc.start.line} ${m.confidence}`);
    };

    it('found: the payload URL reaches the action’s browser fetch (through a local and a helper that only appends a query)', () => {
      const found = cors({ 'src/store/modules/http.js': requestModule('withQuery(url, options.query)'), 'src/store/modules/user.js': userModule('https://webexapis.com/v1/people/me') });
      expect(found).toEqual(['5 certain']);
    });

    it('not found with the file read alone', () => {
      const dir = projects({ 'src/helpers.js': helpers, 'src/store/modules/http.js': requestModule('url'), 'src/store/modules/user.js': userModule('https://webexapis.com/v1/people/me') });
      const file = path.join(dir, 'src/store/modules/user.js');
      const matches = analyzeFile({ filename: file, text: readFileSync(file, 'utf8') }, { ...options, project: false }).matches;
      expect(matches.filter((m) => m.noticeId === 'cors-localhost-origins')).toEqual([]);
    });

    it('look-alikes stay quiet: a URL of the app’s own back end, a helper that sends it elsewhere, an object not named `actions`', () => {
      expect(cors({ 'src/store/modules/http.js': requestModule('url'), 'src/store/modules/user.js': userModule('/api/v1/profile') })).toEqual([]);
      expect(cors({ 'src/store/modules/http.js': requestModule('viaProxy(url)'), 'src/store/modules/user.js': userModule('https://webexapis.com/v1/people/me') })).toEqual([]);
      expect(cors({ 'src/store/modules/http.js': requestModule('url', 'handlers'), 'src/store/modules/user.js': userModule('https://webexapis.com/v1/people/me') })).toEqual([]);
    });
  });

  it('a package with only a folder named `web` (no framework, no bundler) says nothing about browsers', () => {
    const text = readFileSync(path.join(CASES, 'browser-cra/src/api/rooms.js'), 'utf8');
    const dir = projects({ 'package.json': JSON.stringify({ name: 'tool', dependencies: { undici: '6' } }), 'src/web/rooms.js': text }, { git: false });
    const file = path.join(dir, 'src', 'web', 'rooms.js');
    expect(analyzeFile({ filename: file, text }, options).matches.map((m) => m.noticeId)).not.toContain('cors-localhost-origins');
  });

  it('reports the files a finding depends on, with their content hashes', () => {
    const file = path.join(CASES, 'token-constant/src/lib/token-utils.ts');
    const result = analyzeFile({ filename: file, text: readFileSync(file, 'utf8') }, options);
    const deps = result.dependencies ?? {};
    // Files by path; the folders looked at and the probes (the root, a resolution's configuration) by a key of their own.
    expect(Object.keys(deps).filter((k) => !k.startsWith('\0'))).toEqual([path.join(CASES, 'token-constant/src/lib/constants.ts')]);
    expect(deps[path.join(CASES, 'token-constant/src/lib/constants.ts')]).toMatch(/^[0-9a-f]{40}$/);
    expect(Object.keys(deps)).toContain(`\0list\0${path.join(CASES, 'token-constant/src/lib')}`);
  });

  it('follows a relative filename of the working folder (jscodeshift, ESLint given a relative name) as the same file', () => {
    const rel = path.relative(process.cwd(), path.join(CASES, 'token-constant/src/lib/token-utils.ts'));
    expect(findings(path.relative(CASES, path.resolve(rel)))).toContain('token-endpoint-form-body 5 certain fix');
    const result = analyzeFile({ filename: rel, text: readFileSync(rel, 'utf8') }, options);
    expect(result.matches.map((m) => m.noticeId)).toContain('token-endpoint-form-body');
  });
});

describe('module records', () => {
  it('reads ES imports, re-exports and CommonJS exports', () => {
    const file = contextOf(
      `import a, { b as c } from './x';\nimport * as ns from './y';\nexport { d } from './z';\nexport * from './w';\nexport const E = 'e';\nconst { f } = require('./v');\nconst g = require('./u').g;\nmodule.exports.h = 1;\nexports.i = 2;`,
      'm.ts',
    );
    const rec = moduleRecord(file);
    expect(Object.fromEntries([...rec.imports].map(([k, v]) => [k, `${v.source}#${v.imported}`]))).toEqual({ a: './x#default', c: './x#b', ns: './y#*', f: './v#f', g: './u#g' });
    expect([...rec.exports.keys()].sort()).toEqual(['E', 'd', 'h', 'i']);
    expect(rec.stars).toEqual(['./w']);
  });

  it('lists the specifiers of a text without parsing it', () => {
    expect(specifiersIn(`import x from './a';\nexport * from "../b";\nconst y = require('./c');\nawait import('./d');\nimport 'node:fs';`)).toEqual(['./a', '../b', './c', './d']);
  });

  it('gives no project to a file that is not on disk', () => {
    expect(projectOf('not-a-file-here.ts')).toBeUndefined();
  });
});

describe('module resolution stays inside the project', () => {
  /** A project `repo/` (its `.git` marks the root) with a module in `src/` and a package, and a file beside it. */
  function project(): string {
    const base = projects(
      {
        'outside.ts': `export const URL = 'https://webexapis.com/v1/access_token';\n`,
        'repo/src/a.ts': `export const A = 1;\n`,
        'repo/node_modules/pkg/index.js': `module.exports = 1;\n`,
        'repo/node_modules/pkg/package.json': `{ "name": "pkg", "main": "index.js" }\n`,
      },
      { git: false },
    );
    const root = path.join(base, 'repo');
    mkdirSync(path.join(root, '.git'));
    return root;
  }

  it('resolves a relative import inside the root, and nothing outside it or in node_modules', () => {
    const root = project();
    const resolver = new ModuleResolver(root);
    const from = path.join(root, 'src', 'b.ts');
    expect(resolver.resolve(from, './a')).toBe(path.join(root, 'src', 'a.ts'));
    expect(resolver.resolve(from, './a.js')).toBe(path.join(root, 'src', 'a.ts'));
    expect(resolver.resolve(from, '../../outside')).toBeUndefined();
    expect(resolver.resolve(from, 'pkg')).toBeUndefined();
    expect(resolver.resolve(from, 'node:fs')).toBeUndefined();
  });

  it('does not follow a link out of the root, nor hand a device posing as package.json to the resolver', () => {
    const root = project();
    symlinkSync(path.join(root, '..', 'outside.ts'), path.join(root, 'src', 'linked.ts'));
    mkdirSync(path.join(root, 'src', 'dev'));
    symlinkSync('/dev/zero', path.join(root, 'src', 'dev', 'package.json'));
    writeFileSync(path.join(root, 'src', 'dev', 'x.ts'), `export const X = 1;\n`);
    const resolver = new ModuleResolver(root);
    expect(resolver.resolve(path.join(root, 'src', 'b.ts'), './linked')).toBeUndefined();
    expect(resolver.resolve(path.join(root, 'src', 'dev', 'y.ts'), './x')).toBeUndefined();
    expect(resolver.resolve(path.join(root, 'src', 'b.ts'), './dev')).toBeUndefined();
  });

  it('a tsconfig whose extends names a FIFO or a device does not hang or fill the resolver (a child process, killed after 20 s)', () => {
    for (const target of ['fifo', '/dev/zero']) {
      const root = project();
      writeFileSync(path.join(root, 'tsconfig.json'), `{ "extends": "./base.json", "compilerOptions": { "paths": { "@/*": ["src/*"] } } }\n`);
      if (target === 'fifo') execFileSync('mkfifo', [path.join(root, 'base.json')]);
      else symlinkSync(target, path.join(root, 'base.json'));
      const resolveJs = pathToFileURL(path.join(ROOT, 'dist', 'engine', 'project', 'resolve.js')).href;
      const script = `const { ModuleResolver } = await import(${JSON.stringify(resolveJs)}); const r = new ModuleResolver(${JSON.stringify(root)}); console.log(String(r.resolve(${JSON.stringify(path.join(root, 'src', 'b.ts'))}, '@/a')), String(r.resolve(${JSON.stringify(path.join(root, 'src', 'b.ts'))}, './a')));`;
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
      expect(r.signal, target).toBeNull();
      expect(r.status, `${target}: ${r.stderr}`).toBe(0);
      // The relative import still resolves; the alias needs the tsconfig chain, which is not usable.
      expect(r.stdout.trim().split(' ')[1], target).toBe(path.join(root, 'src', 'a.ts'));
    }
  });

  it('an imported constant outside the root is not read, so the finding is not made', () => {
    const root = project();
    const file = path.join(root, 'src', 'token.ts');
    const text = `import axios from 'axios';\nimport { URL } from '../../outside';\nexport const t = async () => (await axios.post(URL, { grant_type: 'x' })).data.access_token;\n`;
    writeFileSync(file, text);
    expect(analyzeFile({ filename: file, text }, options).matches.map((m) => m.noticeId)).not.toContain('token-endpoint-form-body');
  });
});
