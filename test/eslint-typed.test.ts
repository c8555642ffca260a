/**
 * The plugin under real ESLint, with and without typed linting: type-aware detections (JWT `exp`,
 * nullable device ids) use the checker when the user turns on `projectService`, and fall back to syntax.
 */
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../rules/index.js';

const TODAY = '2026-11-22';

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'collab-typed-'));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', noEmit: true, skipLibCheck: true }, include: ['src'] }));
  mkdirSync(join(dir, 'src'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'src', name), text);
  return dir;
}

async function lint(dir: string, typed: boolean): Promise<Array<{ rule: string | null; line: number }>> {
  const config: any[] = [plugin.configs.typescript, plugin.configs.configure({ today: TODAY, before: '2099-12-31' })];
  if (typed) config.push({ files: ['**/*.ts'], languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: dir } } });
  const eslint = new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: config });
  const results = await eslint.lintFiles(['src/**/*.ts']);
  return results.flatMap((r) => r.messages.map((m) => ({ rule: m.ruleId, line: m.line, fatal: m.fatal }))).map(({ rule, line }) => ({ rule, line }));
}

const JWT = `declare const jwt: { sign(payload: object, key: string): string };
declare function expiryFromConfig(): string;
const expiry: string = expiryFromConfig();
export const token = jwt.sign({ sub: 'guest-1', name: 'Guest', iss: 'issuer-id', exp: expiry }, 'secret');
`;

// A consumer type written before the change: it says non-null, so the checker cannot clear the dereference.
const DEVICE = `interface Device { id: string; callingDeviceId: string; model: string }
declare function listDevices(): Promise<{ items: Device[] }>;
export async function shortIds(): Promise<string[]> {
  const { items } = await listDevices();
  return items.map((device) => device.callingDeviceId.slice(0, 8));
}
`;

describe('typed linting', () => {
  it('reports a string-typed JWT exp only when types are available', async () => {
    const dir = project({ 'guest.ts': JWT });
    const typed = await lint(dir, true);
    expect(typed).toContainEqual({ rule: 'collab-migrate/guest-jwt-exp-integer', line: 4 });
    const untyped = await lint(dir, false);
    expect(untyped.filter((m) => m.rule === 'collab-migrate/guest-jwt-exp-integer')).toEqual([]);
  });

  it('reports a device id dereferenced without a check, typed or not, when the consumer type predates the change', async () => {
    const dir = project({ 'devices.ts': DEVICE });
    for (const typed of [true, false]) {
      const messages = await lint(dir, typed);
      expect(messages.filter((m) => m.rule === 'collab-migrate/devices-ids-nullable').map((m) => m.line)).toEqual([5]);
    }
  });

  it('works on plain JavaScript files with the same config (no parser set up by the user)', async () => {
    const dir = project({});
    writeFileSync(join(dir, 'src', 'hook.js'), "export function verify(event) {\n  return event.headers['X-Spark-Signature'];\n}\n");
    const eslint = new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: [plugin.configs.typescript, plugin.configs.configure({ today: TODAY, before: '2099-12-31' })] });
    const [result] = await eslint.lintFiles(['src/hook.js']);
    expect(result.messages.map((m) => [m.ruleId, m.line])).toEqual([['collab-migrate/webhook-header-names-lowercase', 2]]);
    // The date, never a countdown: the same finding reads the same every day.
    expect(result.messages[0].message).toMatch(/\(effective 2026-05-19 at the earliest\)$/);
  });
});
