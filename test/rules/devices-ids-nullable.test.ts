import { describe, expect, it } from 'vitest';
import { analyzeFile } from '../../engine/analyze.js';
import { loadCatalog } from '../../engine/catalog/catalog.js';
import { rule, ruleTester } from '../helpers/rule-tester.js';
import { typedMatches } from '../helpers/typed.js';

const id = 'devices-ids-nullable';
const api = "const { items: devices } = await (await fetch('https://webexapis.com/v1/devices')).json();\n";

ruleTester().run(id, rule(id), {
  valid: [
    "const parts = device.callingDeviceId?.split(':');",
    "if (device.callingDeviceId) parts = device.callingDeviceId.split(':');",
    'const ok = d.webexDeviceId && d.webexDeviceId.length;',
    'const u = user.id.slice(0, 4);',
    'const r = rooms.map((room) => room.id.trim());',
    'const s = String(device.id);',
    'const t = device.id!.trim();',
    // Another vendor's devices: no platform request, host or device field in the file.
    "const { devices } = await (await fetch('https://mdm.example.net/api/devices')).json();\nconst ids = devices.map((d) => d.id.toLowerCase());",
  ],
  invalid: [
    {
      code: "const parts = device.callingDeviceId.split(':');",
      errors: [
        {
          messageId: 'nullableDeviceId',
          line: 1,
          column: 22,
          suggestions: [{ messageId: 'suggestOptionalChaining', output: "const parts = device.callingDeviceId?.split(':');" }],
        },
      ],
      output: null,
    },
    {
      code: api + 'const ids = devices.map((d) => d.id.toLowerCase());',
      errors: [
        {
          messageId: 'nullableDeviceId',
          line: 2,
          column: 34,
          suggestions: [{ messageId: 'suggestOptionalChaining', output: api + 'const ids = devices.map((d) => d.id?.toLowerCase());' }],
        },
      ],
      output: null,
    },
    {
      code: 'const c = items[0].webexDeviceId[0];',
      filename: 'file.js',
      errors: [
        {
          messageId: 'nullableDeviceId',
          line: 1,
          column: 20,
          suggestions: [{ messageId: 'suggestOptionalChaining', output: 'const c = items[0].webexDeviceId?.[0];' }],
        },
      ],
      output: null,
    },
  ],
});

describe('devices-ids-nullable with type information', () => {
  const catalog = loadCatalog();
  const notice = catalog.get(id)!;

  /** Analyses one file with a real TypeScript program behind the TypeOracle (as typed linting does). */
  const typed = (text: string): number[] => typedMatches(text, catalog, [notice]).map((m) => m.loc.start.line);

  const declared = 'interface Device { id: string | null; callingDeviceId: string | null }\ndeclare const device: Device;\n';

  it('reports a guard that only rules out undefined when the type says null is possible', () => {
    const text = `${declared}if (device.callingDeviceId !== undefined) device.callingDeviceId.split(':');\n`;
    expect(typed(text)).toEqual([3]);
    // Without types the same guard looks sufficient to the syntax check.
    const untyped = analyzeFile({ filename: 'file.ts', text }, { catalog, notices: [notice] });
    expect(untyped.matches).toEqual([]);
  });

  it('does not report what the checker has narrowed to non-null', () => {
    const text = `${declared}if (device.callingDeviceId !== null) device.callingDeviceId.split(':');\nif (typeof device.id === 'string') device.id.trim();\n`;
    expect(typed(text)).toEqual([]);
  });

  it('still reports an unguarded dereference whose declared type predates the change', () => {
    const text = "interface Device { callingDeviceId: string }\ndeclare const device: Device;\nexport const p = device.callingDeviceId.split(':');\n";
    expect(typed(text)).toEqual([3]);
  });
});
