/**
 * Issue 13: code in Babel-era syntax reports what plain JavaScript reports, and a file no parser accepts is
 * scanned at text level and reported as not analysed in every format.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeFile } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { parseSource } from '../engine/parse/parse.js';
import { cli, cliInProcess, removeTree } from './cli/run.js';

const TODAY = '2026-06-01';

/**
 * [file name, text, Babel-only syntax]: blanking the Babel-only parts (same length, so offsets stay) gives plain
 * JavaScript the default parser reads; both must give the same matches, fixes included.
 */
const CASES: Array<[string, string, string[], ('default' | 'babel' | 'decorators')?]> = [
  [
    'decorated-object.js',
    `import { oneFlight, whileInFlight } from '@webex/common';
export default WebexPlugin.extend({
  @whileInFlight('isAuthorizing')
  @oneFlight
  requestToken(options) {
    return this.webex.request({ method: 'POST', uri: 'https://api.ciscospark.com/v1/access_token', form: options });
  },
  @oneFlight
  verify(req) {
    return check(req.headers['X-Spark-Signature']);
  },
});
`,
    ["@whileInFlight('isAuthorizing')", '@oneFlight', '@oneFlight'],
    // oxc reads it with the decorators blanked (engine/parse/decorators.ts); compared with Babel's tree below.
    'decorators',
  ],
  [
    'decorated-class.js',
    `@injectable()
export class Calls {
  @observable errorCodes = [];
  @action.bound
  retry(trunk) {
    return trunk.errorCodes.includes('E1001') ? fetch('https://api.ciscospark.com/v1/telephony/config/trunks') : null;
  }
}
`,
    ['@injectable()', '@observable', '@action.bound'],
    // Decorated classes are TypeScript syntax too: the default parser reads them.
    'default',
  ],
  [
    'flow.js',
    `// @flow
import type { Req } from './types';
export function handler(req: Req, secret: string): boolean {
  const sig: ?string = req.headers['X-Spark-Signature'];
  const id = (req.id: any);
  return fetch(\`https://api.ciscospark.com/v1/people/\${id}\`) && sig;
}
`,
    ['import type { Req } from \'./types\';', ': Req', ': string', ': boolean', ': ?string', ': any'],
  ],
  [
    'exports.js',
    `export legacy from './legacy';
export const base = 'https://api.ciscospark.com/v1';
`,
    ['export legacy from \'./legacy\';'],
  ],
];

function blank(text: string, parts: readonly string[]): string {
  let out = text;
  for (const p of parts) {
    const at = out.indexOf(p);
    if (at < 0) throw new Error(`not in the fixture: ${p}`);
    out = out.slice(0, at) + p.replace(/[^\n]/g, ' ') + out.slice(at + p.length);
  }
  return out;
}

const catalog = loadCatalog();
const opts = { catalog, notices: catalog.notices, engine: {} };
const view = (filename: string, text: string): unknown[] =>
  analyzeFile({ filename, text }, opts).matches.map((m) => ({ id: m.noticeId, messageId: m.messageId, range: m.range, fix: m.fix, confidence: m.confidence }));

describe('Babel-era JavaScript reports what plain JavaScript reports', () => {
  for (const [name, text, parts, reader = 'babel'] of CASES) {
    it(name, () => {
      const plain = blank(text, parts);
      expect(parseSource(plain, name).ok).toBe(true);
      const parsed = parseSource(text, name);
      expect(parsed.ok && parsed.parser).toBe(reader === 'babel' ? 'babel' : reader === 'decorators' ? 'oxc-decorators' : undefined);
      const babel = view(name, text);
      expect(babel.length).toBeGreaterThan(0);
      expect(babel).toEqual(view(name, plain));
      // The legacy host has its autofix here as in plain JavaScript.
      expect(babel).toContainEqual(expect.objectContaining({ id: 'legacy-api-host', confidence: 'certain', fix: [expect.objectContaining({ text: 'webexapis.com' })] }));
    });
  }

  it('JSX in .js is read by the default parser, with the same findings', () => {
    const text = "export const Link = ({ id }) => <a href={`https://api.ciscospark.com/v1/rooms/${id}/meetingInfo`}>join</a>;\n";
    expect(parseSource(text, 'jsx.js')).toMatchObject({ ok: true });
    expect(view('jsx.js', text).map((m) => (m as { id: string }).id).sort()).toEqual(['legacy-api-host', 'rooms-meeting-info-deprecated']);
  });
});

/** A file no parser accepts, with what its strings hold; a comment naming the host is not a finding. */
const BROKEN = `// api.ciscospark.com is mentioned in this comment only
const base = 'https://api.ciscospark.com/v1';
export function handler(req) {
  const sig = req.headers['X-Spark-Signature'];
  const licence = 'Single License - Webex Calling';
  return fetch(\`\${base}/rooms/\${req.roomId}/meetingInfo\`, { scope: 'spark:peple_read' }) <<< sig;
}
`;

describe('a file no parser accepts: text-level findings, all likely, no autofix', () => {
  it('reports the hosts, header names, licence names, paths and scopes its strings hold', () => {
    const result = analyzeFile({ filename: 'broken.js', text: BROKEN }, opts);
    expect(result.parseError).toBeDefined();
    const found = result.matches.map((m) => [m.noticeId, m.loc.start.line, m.confidence, m.fix === undefined]);
    expect(found).toEqual([
      ['legacy-api-host', 2, 'likely', true],
      ['webhook-header-names-lowercase', 4, 'likely', true],
      ['license-names-shortened', 5, 'likely', true],
      ['rooms-meeting-info-deprecated', 6, 'likely', true],
      ['oauth-scope-unknown', 6, 'likely', true],
    ]);
    // What a fix would do travels as a suggestion.
    expect(result.matches[0].suggestions?.[0].edits).toEqual([{ range: result.matches[0].range, text: 'webexapis.com' }]);
  });

  it('reports nothing for detections that need a tree (a property rename, a value in a comparison)', () => {
    const text = "if (trunk.errorCodes.includes('E1001') {\n  const a = { answerConfirmationEnabled: true };\n";
    const result = analyzeFile({ filename: 'broken2.js', text }, opts);
    expect(result.parseError).toBeDefined();
    expect(result.matches).toEqual([]);
  });
});

describe('unanalysed files in every format', { timeout: 120_000 }, () => {
  const made: string[] = [];
  const temp = (prefix: string): string => {
    const d = mkdtempSync(path.join(os.tmpdir(), prefix));
    made.push(d);
    return d;
  };
  afterAll(() => made.forEach(removeTree));
  const dir = temp('cm-babel-era-');
  for (const [name, text] of CASES) writeFileSync(path.join(dir, name), text);
  writeFileSync(path.join(dir, 'broken.js'), BROKEN);
  const args = ['--today', TODAY, '--no-progress', '--only', 'legacy-api-host'];

  it('text: the summary line and a last section name the file; --fail-on-unanalysed exits 1', async () => {
    const r = await cliInProcess(args, { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('  1 file could not be analysed: findings there may be missing (listed at the end)');
    expect(r.stdout.trimEnd().split('\n').slice(-2)).toEqual([
      'Not analysed (1 file; findings there may be missing):',
      expect.stringMatching(/^ {2}broken\.js: does not parse: .*\(6:\d+\) \(text-level findings only\)$/),
    ]);
    const failing = await cliInProcess([...args, '--fail-on-unanalysed'], { cwd: dir });
    expect(failing.code).toBe(1);
    expect(failing.stderr).toContain('could not analyse 1 file(s) (--fail-on-unanalysed)');
  });

  it('the configuration file turns it on too', async () => {
    const withRc = temp('cm-babel-era-rc-');
    writeFileSync(path.join(withRc, 'broken.js'), BROKEN);
    writeFileSync(path.join(withRc, '.collab-migraterc.json'), JSON.stringify({ failOnUnanalysed: true }));
    expect((await cliInProcess(args, { cwd: withRc })).code).toBe(1);
  });

  it('json: unanalysed list and count; Babel-era files are plain scanned files with certain findings', async () => {
    const r = await cliInProcess([...args, '--format', 'json'], { cwd: dir });
    const report = JSON.parse(r.stdout) as {
      unanalysed: unknown[];
      summary: { unanalysed: number };
      findings: { file: string; confidence: string; fixable: boolean }[];
    };
    expect(report.summary.unanalysed).toBe(1);
    expect(report.unanalysed).toEqual([{ file: 'broken.js', reason: expect.stringMatching(/^does not parse/), textLevel: true }]);
    const byFile = Object.fromEntries(report.findings.map((f) => [f.file, f]));
    expect(byFile['broken.js']).toMatchObject({ confidence: 'likely', fixable: false });
    for (const [name] of CASES) expect(byFile[name], name).toMatchObject({ confidence: 'certain', fixable: true });
  });

  it('sarif: a toolExecutionNotification with properties.unanalysed', async () => {
    const log = JSON.parse((await cliInProcess([...args, '--format', 'sarif'], { cwd: dir })).stdout) as {
      runs: { invocations: { toolExecutionNotifications: { level: string; message: { text: string }; properties?: unknown; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] }[];
    };
    const notes = log.runs[0].invocations[0].toolExecutionNotifications;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ level: 'warning', properties: { unanalysed: true }, message: { text: expect.stringMatching(/^Not analysed: does not parse/) } });
    expect(notes[0].locations[0].physicalLocation.artifactLocation.uri).toBe('broken.js');
  });

  it('github: a warning annotation and the count on the summary line', async () => {
    const out = (await cliInProcess([...args, '--format', 'github'], { cwd: dir })).stdout;
    expect(out).toMatch(/^::warning file=broken\.js,title=collab-migrate could not analyse this file::does not parse: .* \(text-level findings only\)$/m);
    expect(out).toMatch(/1 not analysed$/m);
  });

  it('--fix: fixes the Babel-era files and ends by naming the file it could not look at', async () => {
    const fixDir = temp('cm-babel-era-fix-');
    for (const [name, text] of CASES) writeFileSync(path.join(fixDir, name), text);
    writeFileSync(path.join(fixDir, 'broken.js'), BROKEN);
    const r = await cliInProcess([...args, '--fix', '--dry-run', '--format', 'json'], { cwd: fixDir });
    const report = JSON.parse(r.stdout) as { files: { file: string; outcome: string }[] };
    for (const [name] of CASES) expect(report.files.find((f) => f.file === name)?.outcome, name).toBe('would-fix');
    expect(r.stderr).toMatch(/^collab-migrate --fix could not look at 1 file\(s\):\n {2}broken\.js: does not parse/);
    const text = (await cliInProcess([...args, '--fix', '--dry-run'], { cwd: fixDir })).stdout;
    expect(text.trimEnd().split('\n').at(-2)).toBe('Not analysed (1 file; findings there may be missing, and --fix did not look at them):');
  });
});

/**
 * The platform's own JavaScript SDK (legacy decorators on object methods in its authorization plugins, credentials
 * and token code): `COLLAB_MIGRATE_WEBEX_SDK=/path/to/webex-js-sdk` runs this on a checkout; skipped without it.
 */
const SDK = process.env.COLLAB_MIGRATE_WEBEX_SDK;
describe.skipIf(!SDK)(`webex-js-sdk at ${SDK ?? '(set COLLAB_MIGRATE_WEBEX_SDK to run)'}`, { timeout: 120_000 }, () => {
  it('every source file with a notice token is analysed: none left as not parsing', () => {
    const r = cli(['--today', TODAY, '--no-progress', '--format', 'json', 'packages'], { cwd: SDK! });
    const report = JSON.parse(r.stdout) as { unanalysed: { file: string; reason: string }[]; findings: { file: string; noticeId: string }[] };
    expect(report.unanalysed.filter((u) => u.reason.startsWith('does not parse'))).toEqual([]);
    const auth = report.findings.filter((f) => f.file.endsWith('plugin-authorization-node/src/authorization.js')).map((f) => f.noticeId);
    expect(auth).toContain('legacy-api-host');
  });
});
