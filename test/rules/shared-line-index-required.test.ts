import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'shared-line-index-required';

ruleTester().run(id, rule(id), {
  valid: [
    "const k = { lineKeyIndex: 2, lineKeyType: 'SHARED_LINE', sharedLineIndex: 1 };",
    "const k = { lineKeyIndex: 2, lineKeyType: 'PRIMARY_LINE' };",
    "const k = { ...base, lineKeyType: 'SHARED_LINE' };",
    "const k = { type: 'SHARED_LINE' };",
  ],
  invalid: [
    {
      code: "const keys = [{ lineKeyIndex: 2, lineKeyType: 'SHARED_LINE' }];",
      errors: [{ messageId: 'missingKey', line: 1, column: 34 }],
      output: null,
    },
    {
      code: "const SHARED = 'SHARED_LINE';\nconst k = {\n  lineKeyType: SHARED,\n};",
      filename: 'file.js',
      errors: [{ messageId: 'missingKey', line: 3, column: 3 }],
      output: null,
    },
  ],
});
