import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'devices-ids-nullable';

ruleTester().run(id, rule(id), {
  valid: [
    "const parts = device.callingDeviceId?.split(':');",
    "if (device.callingDeviceId) parts = device.callingDeviceId.split(':');",
    'const ok = d.webexDeviceId && d.webexDeviceId.length;',
    'const u = user.id.slice(0, 4);',
    'const r = rooms.map((room) => room.id.trim());',
    'const s = String(device.id);',
    'const t = device.id!.trim();',
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
      code: 'const ids = devices.map((d) => d.id.toLowerCase());',
      errors: [
        {
          messageId: 'nullableDeviceId',
          line: 1,
          column: 34,
          suggestions: [{ messageId: 'suggestOptionalChaining', output: 'const ids = devices.map((d) => d.id?.toLowerCase());' }],
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
