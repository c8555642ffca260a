/**
 * One engine, one confidence (issue 11, "done when"): for code mixing certain findings (tied to the notice's
 * endpoint), likely ones (API context, no tie) and look-alikes tied to another endpoint, the CLI's engine
 * (`analyzeFile`, `fixFile`), the ESLint plugin, the ts-morph codemod and the jscodeshift transform report the
 * same findings with the same confidence, and write the same autofixes: certain ones only.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import transform, { type TransformOptions } from '../codemods/jscodeshift.js';
import { migrateProject } from '../engine/project/ts-morph.js';
import { analyzeFile } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { fixFile } from '../engine/fix/edits.js';
import type { EngineOptions, Region } from '../engine/types.js';
import plugin from '../rules/index.js';

const TODAY = '2026-11-22';
const catalog = loadCatalog();
const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

interface Case {
  name: string;
  ids: string[];
  text: string;
  region?: Region;
  /** What the engine must find: `id line confidence`, so the case cannot pass empty. */
  expected: string[];
}

const AXIOS = "import axios from 'axios';\nconst api = axios.create({ baseURL: 'https://webexapis.com/v1' });\n";

const CASES: Case[] = [
  {
    name: 'trunk error codes: Get a Trunk (certain), a lookup table (likely), Get Device Details (not reported)',
    ids: ['trunk-error-codes-renamed'],
    text: `${AXIOS}interface Trunk { errorCodes: string[] }
export async function dns(id: string) {
  const { data } = await api.get<Trunk>(\`/telephony/config/premisePstn/trunks/\${id}\`);
  return data.errorCodes.includes('E1001');
}
export const LABELS = { E1013: 'revoked' };
export async function device(id: string) {
  const { data } = await api.get(\`/devices/\${id}\`);
  return data.errorCodes.includes('E1002');
}
`,
    expected: ['trunk-error-codes-renamed 6 certain', 'trunk-error-codes-renamed 8 likely'],
  },
  {
    name: 'recording vendor storage region: Set vendor (certain), defaults (likely), converged recordings (not reported)',
    ids: ['recording-vendor-storage-region-removed'],
    text: `${AXIOS}export const set = () => api.put('/telephony/config/callRecording/vendor', { vendorId: 'v', storageRegion: 'US' });
export const defaults = { vendorId: 'v', storageRegion: 'EU' };
export async function regions() {
  const { data } = await api.get('/convergedRecordings');
  return data.items.map((r: { storageRegion: string }) => r.storageRegion);
}
`,
    expected: ['recording-vendor-storage-region-removed 3 certain', 'recording-vendor-storage-region-removed 4 likely'],
  },
  {
    name: 'workspace answer confirmation: simultaneous ring (certain), an untied body (likely), Single Number Reach (not reported)',
    ids: ['workspace-answer-confirmation-renamed'],
    text: `${AXIOS}export const ring = (id: string) => api.put(\`/telephony/config/workspaces/\${id}/simultaneousRing\`, { enabled: true, answerConfirmationEnabled: true });
export const snr = (id: string) => api.post(\`/telephony/config/people/\${id}/singleNumberReach/numbers\`, { phoneNumber: '+1', answerConfirmationEnabled: true });
export const draft = { enabled: true, answerConfirmationEnabled: false };
`,
    expected: ['workspace-answer-confirmation-renamed 3 certain', 'workspace-answer-confirmation-renamed 5 likely'],
  },
  {
    name: 'call history hosts with a region: a call history URL (certain), a shared base (likely), historical analytics (not reported)',
    ids: ['call-history-regional-hosts'],
    region: 'eu',
    text: `export const feed = () => fetch('https://analytics.webexapis.com/v1/cdr_feed?startTime=a&endTime=b');
const BASE = 'https://analytics.webexapis.com/v1';
export const stream = () => fetch(\`\${BASE}/cdr_stream\`);
export const metrics = () => fetch(\`\${BASE}/analytics/messagingMetrics/dailyTotals\`);
export const qualities = () => fetch('https://analytics.webexapis.com/v1/meeting/qualities?meetingId=m');
`,
    expected: ['call-history-regional-hosts 1 certain', 'call-history-regional-hosts 2 likely'],
  },
  {
    name: 'license names and codes: GET /licenses (certain), a room title (an endpoint the catalog does not list: likely), codes in the assigning function (certain)',
    ids: ['license-names-shortened', 'license-partial-success'],
    text: `${AXIOS}export async function calling() {
  const { data } = await api.get('/licenses');
  return data.items.find((l: { name: string }) => l.name === 'Single License - Webex Calling');
}
export const room = () => api.post('/rooms', { title: 'Single License - Webex Calling' });
export async function assign(body: unknown) {
  try { await api.patch('/licenses/users', body); } catch (e: any) { if (e.response.data.code === 400704) throw e; }
}
// license codes tied to no call
export const isUnknown = (err: { code: number }) => err.code === 400706;
`,
    expected: ['license-names-shortened 5 certain', 'license-names-shortened 7 likely', 'license-partial-success 9 certain', 'license-partial-success 12 likely'],
  },
  {
    name: 'values in types (issue 26): a trunk member type tied to Get a Trunk (certain), the same codes in a trunk types file (likely)',
    ids: ['trunk-error-codes-renamed'],
    text: `${AXIOS}interface TrunkStatus { name: string; errorCodes: ('E1001' | 'E1002')[] }
export const status = async (id: string) => (await api.get<TrunkStatus>(\`/telephony/config/premisePstn/trunks/\${id}\`)).data;
export interface TrunkDraft { errorCodes: 'E1003'[] }
`,
    expected: ['trunk-error-codes-renamed 3 certain', 'trunk-error-codes-renamed 5 likely'],
  },
  {
    name: 'a guest token signed by hand (issue 26): createHmac over base64url header and payload (certain)',
    ids: ['guest-issuer-end-of-life', 'guest-jwt-exp-integer'],
    text: `import { createHmac } from 'node:crypto';
const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
export function guestToken(sub: string, secret: string): string {
  const head = b64url({ alg: 'HS256', typ: 'JWT' });
  const body = b64url({ sub, name: 'Guest', iss: 'Y2lz', exp: '1893456000' });
  return \`\${head}.\${body}.\${createHmac('sha256', Buffer.from(secret, 'base64')).update(\`\${head}.\${body}\`).digest('base64url')}\`;
}
`,
    expected: ['guest-jwt-exp-integer 5 certain', 'guest-issuer-end-of-life 6 certain'],
  },
];

function engineOf(c: Case): EngineOptions {
  return { today: TODAY, ...(c.region ? { region: c.region } : {}) };
}

const notices = (c: Case) => c.ids.map((id) => catalog.get(id)!);

function eslint(c: Case, filename: string) {
  const linter = new Linter({ configType: 'flat' });
  const options = { today: TODAY, ...(c.region ? { region: c.region } : {}) };
  const config = [
    {
      files: ['**/*.ts'],
      plugins: { 'collab-migrate': plugin as never },
      languageOptions: { parser: tsParser as never },
      rules: Object.fromEntries(c.ids.map((id) => [`collab-migrate/${id}`, ['error', options]])),
    },
  ] as Linter.Config[];
  const messages = linter.verify(c.text, config, { filename });
  expect(messages.filter((m) => m.fatal)).toEqual([]);
  return { messages, output: linter.verifyAndFix(c.text, config, { filename }).output };
}

describe('ESLint, CLI and codemods: the same findings with the same confidence', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const filename = 'src/case.ts';
      // The engine (CLI path).
      const engine = analyzeFile({ filename, text: c.text }, { catalog, notices: notices(c), engine: engineOf(c) }).matches;
      const cli = engine.map((m) => `${m.noticeId} ${m.loc.start.line}:${m.loc.start.column + 1} ${m.confidence}`);
      expect([...new Set(engine.map((m) => `${m.noticeId} ${m.loc.start.line} ${m.confidence}`))]).toEqual(c.expected);
      // An autofix only on certain findings; a likely one offers its edit as a suggestion.
      for (const m of engine) if (m.confidence === 'likely') expect(m.fix, `${m.noticeId} ${m.loc.start.line}`).toBeUndefined();

      // ESLint: same places; `[likely: reason]` exactly on the likely ones; fixes only on certain ones.
      const { messages, output: eslintOutput } = eslint(c, filename);
      const viaEslint = messages.map((m) => `${m.ruleId!.replace('collab-migrate/', '')} ${m.line}:${m.column} ${/\[likely: /.test(m.message) ? 'likely' : 'certain'}`);
      expect(viaEslint).toEqual(cli);
      for (const m of messages) if (/\[likely: /.test(m.message)) expect(m.fix).toBeUndefined();
      for (const [i, m] of messages.entries()) expect(m.message).toContain(engine[i].confidence === 'likely' ? engine[i].confidenceReason : '');

      // The CLI's --fix writes what ESLint --fix writes.
      const fixed = fixFile({ filename, text: c.text }, { catalog, notices: notices(c), engine: engineOf(c) });
      expect(fixed.output).toBe(eslintOutput);
      expect(fixed.fixed.every((m) => m.confidence === 'certain')).toBe(true);

      // The ts-morph codemod: the findings it fixed are the certain ones, those it left have the engine's confidence.
      const dir = mkdtempSync(path.join(tmpdir(), 'collab-confidence-'));
      temps.push(dir);
      const copy = path.join(dir, 'case.ts');
      writeFileSync(copy, c.text);
      const [migration] = await migrateProject({ catalog, notices: notices(c), engine: engineOf(c), root: dir, files: [copy] });
      expect(migration.failure).toBeUndefined();
      expect(migration.after).toBe(eslintOutput);
      const byLine = (ms: ReadonlyArray<{ noticeId: string; loc: { start: { line: number } }; confidence: string }>) => ms.map((m) => `${m.noticeId} ${m.loc.start.line} ${m.confidence}`).sort();
      expect(byLine(migration.fixed)).toEqual(byLine(fixed.fixed));
      expect(byLine(migration.remaining)).toEqual(byLine(fixed.remaining));

      // The jscodeshift transform writes the same.
      const options: TransformOptions = { only: c.ids.join(','), before: '2099-12-31', today: TODAY, ...(c.region ? { region: c.region } : {}) };
      const shifted = await transform({ path: copy, source: c.text }, {} as never, options);
      expect(shifted ?? c.text).toBe(eslintOutput);
    });
  }
});
