import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'legacy-api-host';

ruleTester().run(id, rule(id), {
  valid: [
    "const base = 'https://webexapis.com/v1';",
    "const docs = 'https://developer.ciscospark.com';",
    "const mirror = 'https://api.ciscospark.com.example.org/v1';",
    '// https://api.ciscospark.com/v1\nconst x = 1;',
  ],
  invalid: [
    {
      code: "const base = 'https://api.ciscospark.com/v1';",
      errors: [{ messageId: 'legacyHost', line: 1, column: 23 }],
      output: "const base = 'https://webexapis.com/v1';",
    },
    {
      code: 'const url = `https://api.ciscospark.com/v1/rooms/${id}`;',
      filename: 'file.js',
      errors: [{ messageId: 'legacyHost', line: 1, column: 22 }],
      output: 'const url = `https://webexapis.com/v1/rooms/${id}`;',
    },
    {
      code: "const u = new URL(path,\n  'https://api.ciscospark.com');",
      errors: [{ messageId: 'legacyHost', line: 2, column: 12 }],
      output: "const u = new URL(path,\n  'https://webexapis.com');",
    },
  ],
});
