/**
 * Several reports from one run (`--json-output`, `--sarif-output`, `--markdown-output`, ...), the summary line
 * on stderr when reports go to files, and SARIF as code scanning reads it (rule help, fingerprints that survive
 * line moves, paths from the repository root, run category), validated against the SARIF 2.1.0 schema.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Ajv } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { docsUrl } from '../cli/package-info.js';
import { assertBuilt, cli, cliInProcess, tempTrees } from './cli/run.js';
import { SIM_RING } from './helpers/snippets.js';

const require = createRequire(import.meta.url);
const AjvDraft04 = require('ajv-draft-04') as new (options: object) => Ajv;
const addFormats = require('ajv-formats') as (ajv: Ajv) => Ajv;

// Not breaking (both names are accepted during the transition): a warning even in force.
const RENAME = 'workspace-answer-confirmation-renamed';
const HEADERS = 'webhook-header-names-lowercase';
// Effective 2026-05-19: a warning on 2026-03-01.
const SIGNATURE = `export function signature(req: { headers: Record<string, string> }) {
  return req.headers['X-Spark-Signature'];
}
`;
const DAY = ['--today', '2026-03-01'];

const tree = tempTrees();
beforeAll(() => assertBuilt());

function validator(): (log: unknown) => { valid: boolean; errors: unknown[] } {
  const schema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));
  const ajv = new AjvDraft04({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  return (log) => ({ valid: validate(log) as boolean, errors: validate.errors ?? [] });
}

interface SarifResult {
  ruleId: string;
  level: string;
  partialFingerprints: Record<string, string>;
  locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId: string }; region: { startLine: number } } }[];
}
interface SarifRule {
  id: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string; markdown: string };
  helpUri: string;
  properties: { tags: string[]; 'security-severity'?: string };
}
interface SarifLog {
  runs: { tool: { driver: { rules: SarifRule[] } }; results: SarifResult[]; automationDetails?: { id: string }; originalUriBaseIds: Record<string, { uri: string }> }[];
}

describe('several outputs from one run', { timeout: 180_000 }, () => {
  it('text on stdout, JSON, SARIF and Markdown in files, and the summary line on stderr', async () => {
    const d = tree({ 'src/sim-ring.ts': SIM_RING, 'src/sig.ts': SIGNATURE });
    const r = await cliInProcess(['--format', 'text', '--json-output', 'out.json', '--sarif-output', 'out.sarif', '--markdown-output', 'summary.md', ...DAY], { cwd: d });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/✖ 2 findings \(0 errors, 2 warnings\)/);
    expect(r.stderr).toBe('collab-migrate: 0 errors, 2 warnings (2 fixable) in 2 files; wrote out.json (json), out.sarif (sarif), summary.md (markdown)\n');
    // The JSON file is what --format json prints (in a run that leaves the same report files out of the scan).
    const written = readFileSync(path.join(d, 'out.json'), 'utf8');
    const alone = await cliInProcess(['--format', 'json', '--text-output', 'out.json', '--sarif-output', 'out.sarif', '--markdown-output', 'summary.md', ...DAY], { cwd: d });
    expect(alone.stdout).toBe(written);
    expect(readFileSync(path.join(d, 'out.json'), 'utf8')).toBe(r.stdout);
    const sarif = JSON.parse(readFileSync(path.join(d, 'out.sarif'), 'utf8')) as SarifLog;
    expect(sarif.runs[0].results.map((x) => [x.ruleId, x.level]).sort()).toEqual([
      [HEADERS, 'warning'],
      [RENAME, 'warning'],
    ]);
    const md = readFileSync(path.join(d, 'summary.md'), 'utf8');
    expect(md).toMatch(/^## ⚠️ collab-migrate readiness: \S+\n/);
    expect(md).toContain('**0 errors, 2 warnings** in 2 files');
    expect(md).toContain('2 of 2 findings (100%) can be fixed');
    expect(md).toContain('**Next effective date: 2026-05-19** (in 79 days): `webhook-header-names-lowercase` turns from warning to error (1 finding).');
    expect(md).toMatch(/### In force now\n\n\| Effective \| Notice \| Findings \| Autofix \| Needs a human \|\n\|---\|---\|---:\|---:\|---:\|\n\| 2024-10-11 \(506 days ago\) \| \[`workspace-answer-confirmation-renamed`\]\(.*\): .* \| 1 \| 1 \| 0 \|/);
    expect(md).toMatch(/### Coming next \(within 90 days\)\n[^#]*\| 2026-05-19 \(in 79 days\) \| .* \| 1 \| 1 \| 0 \|/);
  });

  it('--output alone says on stderr what happened (it printed nothing before)', async () => {
    const d = tree({ 'a.ts': SIM_RING });
    const r = await cliInProcess(['--format', 'sarif', '--output', 'a.sarif', ...DAY], { cwd: d });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('collab-migrate: 0 errors, 1 warning (1 fixable) in 1 file; wrote a.sarif (sarif)\n');
    const clean = await cliInProcess(['--format', 'json', '--output', 'b.json', '--only', HEADERS, ...DAY], { cwd: tree({ 'b.ts': 'export const x = 1;\n' }) });
    expect(clean.code).toBe(0);
    expect(clean.stderr).toBe('collab-migrate: 0 errors, 0 warnings in 1 file; wrote b.json (json)\n');
  });

  it('refuses two reports to one file, and a report over a source file', async () => {
    const d = tree({ 'a.ts': SIM_RING });
    const twice = await cliInProcess(['--output', 'r.json', '--format', 'json', '--json-output', 'r.json', ...DAY], { cwd: d });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/Two reports would be written to r\.json/);
    const source = await cliInProcess(['--sarif-output', 'a.ts', ...DAY], { cwd: d });
    expect(source.code).toBe(2);
    expect(source.stderr).toMatch(/Cannot write --sarif-output .*a\.ts \(it is a file the scan reads; not overwritten/);
    expect(readFileSync(path.join(d, 'a.ts'), 'utf8')).toBe(SIM_RING);
  });

  it('outputs can live in the configuration file', async () => {
    const d = tree({ 'a.ts': SIM_RING, '.collab-migraterc.json': JSON.stringify({ outputs: { sarif: 'reports/cm.sarif' } }) });
    mkdirSync(path.join(d, 'reports'));
    // Without --trust-config the key is ignored (issue 28): the scanned repository is untrusted input.
    const ignored = await cliInProcess([...DAY], { cwd: d });
    expect(ignored.stderr).toMatch(/"outputs" in \.collab-migraterc\.json is ignored/);
    expect(existsSync(path.join(d, 'reports/cm.sarif'))).toBe(false);
    const r = await cliInProcess([...DAY, '--trust-config'], { cwd: d });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/wrote reports\/cm\.sarif \(sarif\)/);
    expect(JSON.parse(readFileSync(path.join(d, 'reports/cm.sarif'), 'utf8')).runs[0].results).toHaveLength(1);
  });
});

describe('links that work off the machine', { timeout: 180_000 }, () => {
  it('no output that leaves the machine holds a file: link; each names the notice\'s web pages', async () => {
    const d = tree({ 'a.ts': SIM_RING, 'b.ts': SIGNATURE });
    const outs = { json: 'r.json', sarif: 'r.sarif', github: 'r.github.txt', markdown: 'r.md', html: 'r.html' };
    const r = await cliInProcess(['.', ...DAY, '--include', '*.ts', ...Object.entries(outs).flatMap(([f, file]) => [`--${f}-output`, file])], { cwd: d });
    expect(r.code, r.stderr).toBe(0);
    for (const file of Object.values(outs)) expect(readFileSync(path.join(d, file), 'utf8'), file).not.toContain('file:');
    const docs = docsUrl(RENAME);
    expect(docs).toMatch(/^https:\/\/github\.com\/collab-migrate\/collab-migrate\/blob\/v[^/]+\/docs\/notices\/workspace-answer-confirmation-renamed\.md$/);
    const json = JSON.parse(readFileSync(path.join(d, outs.json), 'utf8')) as { notices: { id: string; docs?: string; source?: string; summary?: string }[] };
    const rename = json.notices.find((n) => n.id === RENAME)!;
    expect(rename.docs).toBe(docs);
    expect(rename.source).toMatch(/^https:\/\/developer\.webex\.com\//);
    expect(rename.summary).toMatch(/answerConfirmation/);
    expect(readFileSync(path.join(d, outs.markdown), 'utf8')).toContain(`](${docs})`);
    expect(readFileSync(path.join(d, outs.html), 'utf8')).toContain(`href="${docs}"`);
    // COLLAB_MIGRATE_DOCS_URL names another documentation home (a fork, an intranet mirror).
    const mirror = cli(['.', ...DAY, '--include', '*.ts', '--format', 'sarif'], { cwd: d, env: { COLLAB_MIGRATE_DOCS_URL: 'https://docs.example.org/collab' } });
    const log = JSON.parse(mirror.stdout) as SarifLog;
    expect(log.runs[0].tool.driver.rules.find((x) => x.id === RENAME)!.helpUri).toBe(`https://docs.example.org/collab/${RENAME}.md`);
  });
});

describe('SARIF for code scanning', { timeout: 180_000 }, () => {
  it('rules carry descriptions, help with the example, docs links and tags; the log is schema-valid', async () => {
    const d = tree({ 'src/sim-ring.ts': SIM_RING, 'src/sig.ts': SIGNATURE });
    const r = await cliInProcess(['--format', 'sarif', ...DAY], { cwd: d });
    const log = JSON.parse(r.stdout) as SarifLog;
    const check = validator()(log);
    expect(check.errors).toEqual([]);
    expect(check.valid).toBe(true);
    const rules = log.runs[0].tool.driver.rules;
    expect(rules.length).toBeGreaterThan(20);
    for (const rule of rules) {
      expect(rule.shortDescription.text.length, rule.id).toBeGreaterThan(10);
      expect(rule.fullDescription.text.length, rule.id).toBeGreaterThan(rule.shortDescription.text.length);
      expect(rule.help.text, rule.id).toMatch(/What to do: /);
      expect(rule.help.markdown, rule.id).toMatch(/\*\*What to do:\*\*/);
      expect(rule.helpUri).toBe(docsUrl(rule.id));
      expect(rule.helpUri, rule.id).toMatch(/^https:\/\//);
      expect(rule.properties.tags).toContain('collab-migrate');
      expect(rule.properties['security-severity']).toBeUndefined();
    }
    const rename = rules.find((x) => x.id === RENAME)!;
    expect(rename.help.markdown).toContain('Before:\n\n```');
    expect(rename.help.markdown).toContain('answerConfirmationRequiredEnabled');
    expect(rename.help.text).toContain('Effective 2024-10-11');
    // None unless asked: upload-sarif ignores its `category` input when the SARIF carries one.
    expect(log.runs[0].automationDetails).toBeUndefined();
    const category = JSON.parse((await cliInProcess(['--format', 'sarif', '--sarif-category', 'api/web', ...DAY], { cwd: d })).stdout) as SarifLog;
    expect(category.runs[0].automationDetails?.id).toBe('api/web/2026-03-01');
  });

  it('fingerprints survive lines added above and re-indentation; identical findings stay apart', async () => {
    const twin = SIM_RING.replace('export async function update', 'export async function update2');
    const d = tree({ 'a.ts': SIM_RING + twin });
    const first = JSON.parse((await cliInProcess(['--format', 'sarif', ...DAY], { cwd: d })).stdout) as SarifLog;
    const prints = first.runs[0].results.map((x) => Object.values(x.partialFingerprints)[0]);
    expect(prints).toHaveLength(2);
    expect(new Set(prints).size).toBe(2);
    expect(prints[1]).toBe(`${prints[0]}:2`);
    const moved = `// a comment\n\nimport x from 'y';\n${SIM_RING.replace(/^ {2}/gm, '    ')}${twin}`;
    writeFileSync(path.join(d, 'a.ts'), moved);
    const second = JSON.parse((await cliInProcess(['--format', 'sarif', ...DAY], { cwd: d })).stdout) as SarifLog;
    expect(second.runs[0].results.map((x) => x.locations[0].physicalLocation.region.startLine)).toEqual([5, 13]);
    expect(second.runs[0].results.map((x) => Object.values(x.partialFingerprints)[0])).toEqual(prints);
    // A change of the matched line itself is a different finding.
    writeFileSync(path.join(d, 'a.ts'), SIM_RING.replace('enabled: true', 'enabled: false'));
    const changed = JSON.parse((await cliInProcess(['--format', 'sarif', ...DAY], { cwd: d })).stdout) as SarifLog;
    expect(Object.values(changed.runs[0].results[0].partialFingerprints)[0]).not.toBe(prints[0]);
  });

  it('paths are relative to the repository root when the scan runs in a subfolder', async () => {
    const d = tree({ 'packages/api/src/a.ts': SIM_RING });
    mkdirSync(path.join(d, '.git'));
    const r = await cliInProcess(['--format', 'sarif', 'src', ...DAY], { cwd: path.join(d, 'packages/api') });
    const log = JSON.parse(r.stdout) as SarifLog;
    expect(log.runs[0].results[0].locations[0].physicalLocation.artifactLocation).toEqual({ uri: 'packages/api/src/a.ts', uriBaseId: '%SRCROOT%' });
    // No address of this machine in a log that leaves it: code scanning resolves %SRCROOT% to the checkout.
    expect(log.runs[0].originalUriBaseIds['%SRCROOT%'].uri).toBeUndefined();
    expect(r.stdout).not.toContain('file:');
    expect(validator()(log).valid).toBe(true);
    // GitHub annotations too: GitHub resolves `file=` from the repository root, whichever folder the run started in.
    const gh = await cliInProcess(['--format', 'github', 'src', ...DAY], { cwd: path.join(d, 'packages/api') });
    expect(gh.stdout).toMatch(/^::warning file=packages\/api\/src\/a\.ts,line=\d+,/m);
    expect(gh.stdout).not.toMatch(/file=src\//);
  });
});
