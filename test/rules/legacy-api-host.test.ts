import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'legacy-api-host';

ruleTester().run(id, rule(id), {
  valid: [
    "const base = 'https://webexapis.com/v1';",
    "const docs = 'https://developer.ciscospark.com';",
    "const mirror = 'https://api.ciscospark.com.example.org/v1';",
    '// https://api.ciscospark.com/v1\nconst x = 1;',
    // A longer host in a regex, and another platform's host.
    'const mirror = /xapi\\.ciscospark\\.com/;',
    'const other = /api\\.example\\.com/;',
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
    {
      // A regex literal: what it is matched against is not known, so the new host is a suggestion (likely), in
      // the regex's own escaping; no autofix.
      code: 'assert.match(url, /api.ciscospark.com/);',
      errors: [{ messageId: 'legacyHost', line: 1, column: 20, suggestions: [{ messageId: 'suggestHost', output: 'assert.match(url, /webexapis.com/);' }] }],
    },
    {
      code: 'const onLegacy = /^https:\\/\\/api\\.ciscospark\\.com\\/v1\\//i.test(u);',
      errors: [{ messageId: 'legacyHost', line: 1, column: 30, suggestions: [{ messageId: 'suggestHost', output: 'const onLegacy = /^https:\\/\\/webexapis\\.com\\/v1\\//i.test(u);' }] }],
    },
  ],
});
