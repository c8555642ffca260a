import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'call-history-regional-hosts';
const code = "const CDR = 'https://analytics.webexapis.com/v1/cdr_feed';";
const withHost = (host: string) => `const CDR = 'https://${host}/v1/cdr_feed';`;

ruleTester().run(id, rule(id), {
  valid: [
    "const GOV = 'https://analytics-calling-gov.webexapis.com/v1/cdr_feed';",
    "const US = 'https://analytics-calling.webexapis.com/v1/cdr_feed';",
    "const GA = 'https://analytics.google.com/collect';",
  ],
  invalid: [
    {
      // The government legacy host has one successor: an exact autofix, with or without a region.
      code: "const GOV = 'https://analytics-f.webex.com/v1/cdr_feed';",
      errors: [{ messageId: 'legacyHost', line: 1, column: 22 }],
      output: "const GOV = 'https://analytics-calling-gov.webexapis.com/v1/cdr_feed';",
    },
    {
      code: "const GOV = 'https://analytics-f.webex.com/v1/cdr_feed';",
      options: [{ region: 'eu' }],
      errors: [{ messageId: 'legacyHost', line: 1, column: 22 }],
      output: "const GOV = 'https://analytics-calling-gov.webexapis.com/v1/cdr_feed';",
    },
    {
      code,
      errors: [
        {
          messageId: 'regionalHost',
          line: 1,
          column: 22,
          suggestions: [
            { messageId: 'suggestRegionalHost', output: withHost('analytics-calling.webexapis.com') },
            { messageId: 'suggestRegionalHost', output: withHost('analytics-calling-eu.webexapis.com') },
            { messageId: 'suggestRegionalHost', output: withHost('analytics-calling-in.webexapis.com') },
            { messageId: 'suggestRegionalHost', output: withHost('analytics-calling-au.webexapis.com') },
          ],
        },
      ],
      output: null,
    },
    {
      code,
      options: [{ region: 'eu' }],
      errors: [{ messageId: 'legacyHost', line: 1, column: 22 }],
      output: withHost('analytics-calling-eu.webexapis.com'),
    },
    {
      code: 'const base = `https://analytics.webexapis.com/v1/cdr_stream?max=${max}`;',
      filename: 'file.js',
      options: [{ region: 'us' }],
      errors: [{ messageId: 'legacyHost', line: 1, column: 23 }],
      output: 'const base = `https://analytics-calling.webexapis.com/v1/cdr_stream?max=${max}`;',
    },
  ],
});
