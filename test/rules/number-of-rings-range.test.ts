import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'number-of-rings-range';

ruleTester().run(id, rule(id), {
  valid: [
    'const a = { numberOfRings: 2 };',
    'const b = { baseLocationNumberOfRings: 20 };',
    'if (s.numberOfRings > 25) warn();',
    'const c = { rings: 25 };',
    'const d = { numberOfRings: n };',
    // Another product's ring count, in a file with nothing about the platform's forwarding or voicemail.
    "const intercom = { name: 'Front door', numberOfRings: 30 };",
  ],
  invalid: [
    {
      code: 'const a = { noAnswer: { numberOfRings: 1 } };',
      errors: [{ messageId: 'outOfRange', line: 1, column: 40 }],
      output: null,
    },
    {
      code: "const url = `/telephony/config/workspaces/${id}/sequentialRing`;\nconst MAX = 21;\nsettings.baseLocationNumberOfRings = MAX;",
      filename: 'file.js',
      errors: [{ messageId: 'outOfRange', line: 3, column: 38 }],
      output: null,
    },
  ],
});
