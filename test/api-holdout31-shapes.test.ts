/**
 * Hold-out set 31 after its first run (docs/evaluation.md, "Thirty-first session: setfix31"): the shape behind its two
 * misses, with look-alikes that must stay skipped (synthesized code, nothing copied from the set's repositories): a
 * committed compiled `.js` beside its `.ts` source and source map, edited by hand after compiling (a literal naming
 * the API that its source does not hold) and run as it is. It was skipped as generated, since its source is there
 * (cli/walk/generated.ts, `isOnlyCopy`); it is now scanned, its findings likely and never edited.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { copyKind, editedAfterCompiling, isOnlyCopy } from '../cli/walk/generated.js';
import { EDITED_REASON } from '../cli/scan/scan-core.js';
import { assertBuilt, cliInProcess, tempTrees } from './cli/run.js';

const TODAY = ['--today', '2026-11-29', '--no-progress', '--before', '2099-12-31'];

/** The source: an authorize URL template and the API's root on the legacy host. */
const SOURCE = `import * as request from 'request';

export const clientId = process.env.CLIENT_ID;
export const authorizeUrl = \`https://api.ciscospark.com/v1/authorize?client_id=\${clientId}&response_type=code&redirect_uri=https%3A%2F%2Fpager.example.org%2Fcallback&scope=spark%3Amessages_write&state=fixed\`;
const ROOT = 'https://api.ciscospark.com/v1';
export const TOKEN_URL = ROOT + '/access_token';

export function me(token: string): Promise<unknown> {
  return new Promise((resolve) => request.get({ url: ROOT + '/people/me', auth: { bearer: token } }, (_e: unknown, _r: unknown, body: unknown) => resolve(body)));
}
`;
/** What tsc writes for it (CommonJS, ES2015): the template's placeholder rewritten, its text and the strings as written. */
const COMPILED = `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.TOKEN_URL = exports.authorizeUrl = exports.clientId = void 0;
exports.me = me;
const request = require("request");
exports.clientId = process.env.CLIENT_ID;
exports.authorizeUrl = \`https://api.ciscospark.com/v1/authorize?client_id=\${exports.clientId}&response_type=code&redirect_uri=https%3A%2F%2Fpager.example.org%2Fcallback&scope=spark%3Amessages_write&state=fixed\`;
const ROOT = 'https://api.ciscospark.com/v1';
exports.TOKEN_URL = ROOT + '/access_token';
function me(token) {
    return new Promise((resolve) => request.get({ url: ROOT + '/people/me', auth: { bearer: token } }, (_e, _r, body) => resolve(body)));
}
${'//'}# sourceMappingURL=config.js.map
`;
/** The compiled file edited by hand afterwards: another redirect URI in the template (the source still has the old one). */
const EDITED = COMPILED.replace('pager.example.org%2Fcallback', 'pager.example.net%2Foauth');
const MAP = JSON.stringify({ version: 3, file: 'config.js', sourceRoot: '', sources: ['config.ts'], names: [], mappings: 'AAAA' });
const lineOf = (text: string, needle: string): number => text.slice(0, text.indexOf(needle)).split('\n').length;

/** A back end run as committed: its image starts the compiled entry, no compile step. */
function repo(compiled: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'package.json': JSON.stringify({ name: 'pager', main: 'main.js', dependencies: { request: '^2.88.0' }, devDependencies: { typescript: '^5.4.0' } }),
    Dockerfile: 'FROM node:20\nWORKDIR /app\nCOPY . .\nRUN npm install\nCMD ["node", "main.js"]\n',
    'main.ts': "import { me } from './config';\nme(process.env.TOKEN ?? '').then(console.log);\n",
    'config.ts': SOURCE,
    'config.js': compiled,
    'config.js.map': MAP,
    ...extra,
  };
}

const tree = tempTrees();
beforeAll(() => assertBuilt());

/** The JSON report of a scan of `dir` for legacy-api-host (findings, and each file's outcome). */
const scan = async (dir: string): Promise<{ findings: Array<{ file: string; line: number; confidence: string; confidenceReason?: string; fixable: boolean }>; files: Array<{ file: string; outcome: string; reason?: string }> }> =>
  JSON.parse((await cliInProcess([...TODAY, '--only', 'legacy-api-host', '--format', 'json'], { cwd: dir })).stdout);

describe('a compiled file edited after compiling, beside its source and map (legacy-api-host)', { timeout: 120_000 }, () => {
  const sourceLines = [lineOf(SOURCE, 'export const authorizeUrl'), lineOf(SOURCE, "const ROOT = 'https")];
  const compiledLines = [lineOf(EDITED, 'exports.authorizeUrl = `'), lineOf(EDITED, "const ROOT = 'https")];

  it('positive: it is scanned too, its findings likely (the reason says why) and never edited', async () => {
    const d = tree(repo(EDITED));
    const report = await scan(d);
    expect(report.findings.map((f) => `${f.file}:${f.line} ${f.confidence} ${f.fixable}`)).toEqual([
      ...compiledLines.map((l) => `config.js:${l} likely false`),
      ...sourceLines.map((l) => `config.ts:${l} certain true`),
    ]);
    expect(report.findings.find((f) => f.file === 'config.js')?.confidenceReason).toBe(EDITED_REASON);
    await cliInProcess([...TODAY, '--only', 'legacy-api-host', '--fix', '--allow-dirty'], { cwd: d });
    expect(readFileSync(path.join(d, 'config.js'), 'utf8')).toBe(EDITED);
  });

  it('look-alike: the compiled file as tsc wrote it stays skipped as generated (its findings are its source\'s)', async () => {
    const report = await scan(tree(repo(COMPILED)));
    expect(report.findings.map((f) => `${f.file}:${f.line}`)).toEqual(sourceLines.map((l) => `config.ts:${l}`));
    expect(report.files.find((f) => f.file === 'config.js')).toMatchObject({ outcome: 'skipped', reason: 'generated (source map beside it)' });
  });

  it('look-alikes: an edit in a comment only, or re-quoted strings: skipped', async () => {
    const commented = COMPILED.replace('const ROOT', '// redirect_uri was https://api.ciscospark.com/v1/authorize?redirect_uri=https%3A%2F%2Fpager.example.net\nconst ROOT');
    expect((await scan(tree(repo(commented)))).findings.map((f) => f.file)).toEqual(['config.ts', 'config.ts']);
    const requoted = COMPILED.replace("'https://api.ciscospark.com/v1'", '"https://api.ciscospark.com/v1"').replace("'/people/me'", '"/people/me"');
    expect((await scan(tree(repo(requoted)))).findings.map((f) => f.file)).toEqual(['config.ts', 'config.ts']);
  });
});

describe('which compiled files are judged, and how', () => {
  const exists = (present: readonly string[]) => (f: string): boolean => present.includes(f);
  const files = (map: string, source = SOURCE) => (f: string): string | undefined => (f.endsWith('.map') ? map : source);

  it('a file compiled alone whose literal naming the API has a piece its source lacks: edited (scanned)', () => {
    expect(copyKind('/r/config.js', '/r/config.js.map', EDITED, exists(['/r/package.json', '/r/config.ts']), files(MAP))).toBe('edited');
    expect(isOnlyCopy('/r/config.js', '/r/config.js.map', EDITED, exists(['/r/package.json', '/r/config.ts']), files(MAP))).toBe(true);
    // A source under the map's sourceRoot-relative path (`../src/config.ts` of `lib/config.js`).
    const lib = JSON.stringify({ version: 3, sources: ['../src/config.ts'] });
    expect(copyKind('/r/lib/config.js', '/r/lib/config.js.map', EDITED, exists(['/r/package.json', '/r/src/config.ts']), files(lib))).toBe('edited');
  });

  it('look-alikes: a bundle of several sources, a map whose source has another name, a minified file: not judged (skipped)', () => {
    const bundle = JSON.stringify({ version: 3, sources: ['webpack:///./src/config.ts', 'webpack:///./src/main.ts'] });
    expect(copyKind('/r/dist/config.js', '/r/dist/config.js.map', EDITED, exists(['/r/package.json', '/r/src/config.ts', '/r/src/main.ts']), files(bundle))).toBeUndefined();
    const renamed = JSON.stringify({ version: 3, sources: ['settings.ts'] });
    expect(copyKind('/r/config.js', '/r/config.js.map', EDITED, exists(['/r/package.json', '/r/settings.ts']), files(renamed))).toBeUndefined();
    expect(editedAfterCompiling(`${EDITED.replaceAll('\n', ' ')}${' '.repeat(20_000)}`, SOURCE)).toBe(false);
  });

  it('look-alikes: the literals as the source writes them, literals that name no API host, a source that cannot be read', () => {
    expect(editedAfterCompiling(COMPILED, SOURCE)).toBe(false);
    expect(editedAfterCompiling(`${COMPILED}const other = "https://pager.example.net/status";\n`, SOURCE)).toBe(false);
    // A slash escaped by the compiler (`\/` for `/`) is the same text.
    expect(editedAfterCompiling(COMPILED.replace("'https://api.ciscospark.com/v1'", "'https:\\/\\/api.ciscospark.com\\/v1'"), SOURCE)).toBe(false);
    expect(copyKind('/r/config.js', '/r/config.js.map', EDITED, exists(['/r/package.json', '/r/config.ts']), (f) => (f.endsWith('.map') ? MAP : undefined))).toBeUndefined();
  });

  it('a template inside a template is read as its own literal', () => {
    const nested = "const u = `https://webexapis.com/v1/rooms?${q ? `max=${n}` : ''}&sort=lastactivity`;\n";
    expect(editedAfterCompiling(nested, nested)).toBe(false);
    expect(editedAfterCompiling(nested.replace('sort=lastactivity', 'sort=created'), nested)).toBe(true);
    expect(editedAfterCompiling(nested.replace('max=', 'limit='), nested)).toBe(false);
  });
});
