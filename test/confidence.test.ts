/**
 * Confidence (issue 11): every finding is `certain` (tied to the notice's endpoint: autofix) or `likely` (API
 * context, endpoint not resolved: suggestions only), and every output says which and why.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeFile } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { assertBuilt, cli, cliInProcess, removeTree, tempTree } from './cli/run.js';
import { SIM_RING } from './helpers/snippets.js';

const catalog = loadCatalog();
const TODAY = ['--today', '2026-11-22'];

function analyze(filename: string, text: string, only?: string[], region?: 'eu') {
  const notices = catalog.notices.filter((n) => !only || only.includes(n.id));
  return analyzeFile({ filename, text }, { catalog, notices, engine: { region } }).matches;
}


let dirs: string[] = [];
beforeAll(() => assertBuilt());
afterEach(() => {
  for (const d of dirs) removeTree(d);
  dirs = [];
});

describe('confidence on every match', () => {
  it('a match tied to its endpoint is certain, with a reason, and keeps its autofix', () => {
    const [m] = analyze('a.ts', SIM_RING, ['workspace-answer-confirmation-renamed']);
    expect(m.confidence).toBe('certain');
    expect(m.confidenceReason.length).toBeGreaterThan(5);
    expect(m.fix).toBeDefined();
  });

  it('the JSON report and SARIF carry confidence and its reason per finding', async () => {
    const d = tempTree({ 'src/a.ts': SIM_RING });
    dirs.push(d);
    const json = JSON.parse(cli(['--format', 'json', '--only', 'workspace-answer-confirmation-renamed', ...TODAY], { cwd: d }).stdout);
    expect(json.findings[0]).toMatchObject({ confidence: 'certain', fixable: true });
    expect(typeof json.findings[0].confidenceReason).toBe('string');
    const sarif = JSON.parse((await cliInProcess(['--format', 'sarif', '--only', 'workspace-answer-confirmation-renamed', ...TODAY], { cwd: d })).stdout);
    expect(sarif.runs[0].results[0].properties).toMatchObject({ confidence: 'certain' });
    expect(sarif.runs[0].results[0].properties.confidenceReason).toBe(json.findings[0].confidenceReason);
  });

  it('explain says what certain and likely mean for the notice', async () => {
    const d = tempTree({ 'x.txt': '' });
    dirs.push(d);
    const out = (await cliInProcess(['explain', 'workspace-answer-confirmation-renamed', ...TODAY], { cwd: d })).stdout;
    expect(out).toMatch(/certain\s+the code is tied/);
    expect(out).toMatch(/likely\s+.*suggestion only/);
  });

  it('explain lists where each detection applies: its endpoints, the endpoints using the same name for something else, or the context', async () => {
    const d = tempTree({ 'x.txt': '' });
    dirs.push(d);
    const trunk = (await cliInProcess(['explain', 'trunk-error-codes-renamed', ...TODAY], { cwd: d })).stdout;
    expect(trunk).toContain('Applies to: `GET /telephony/config/premisePstn/trunks/{trunkId}` (response)');
    expect(trunk).toMatch(/Not reported where tied to these endpoints.*`GET \/devices\/\{deviceId\}`/);
    const header = (await cliInProcess(['explain', 'webhook-header-names-lowercase', ...TODAY], { cwd: d })).stdout;
    expect(header).toContain('Applies to webhook deliveries');
  });
});
