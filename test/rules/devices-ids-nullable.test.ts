import { rule, ruleTester } from '../helpers/rule-tester.js';

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
