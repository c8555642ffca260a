import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'webhook-header-names-lowercase';
ruleTester().run(id, rule(id), {
  valid: [
    "const s = req.get('X-Spark-Signature');",
    "const s = req.header('X-Spark-Signature');",
    "const s = response.headers.get('X-Webex-Signature');",
    "const s = event.headers['x-spark-signature'];",
    // Writing outgoing headers is not a lookup.
    "headers['X-Spark-Signature'] = sig; const h = { 'X-Spark-Signature': sig };",
    // Other providers' mixed-case signature headers.
    "const s = event.headers['X-Hub-Signature-256'];",
    // Unrelated calls with the name as an argument.
    "log.call(console, 'X-Spark-Signature'); send.call(null, headers, 'X-Spark-Signature');",
  ],
  invalid: [
    {
      code: "const signed = Object.hasOwn(event.headers, 'X-Spark-Signature') || event.headers.hasOwnProperty('X-Webex-Signature');",
      errors: [
        { messageId: 'mixedCaseHeader', line: 1, column: 45 },
        { messageId: 'mixedCaseHeader', line: 1, column: 98 },
      ],
      output: "const signed = Object.hasOwn(event.headers, 'x-spark-signature') || event.headers.hasOwnProperty('x-webex-signature');",
    },
    {
      code: "if (Object.prototype.hasOwnProperty.call(headers, 'X-Spark-Signature')) {}",
      errors: [{ messageId: 'mixedCaseHeader', line: 1, column: 51 }],
      output: "if (Object.prototype.hasOwnProperty.call(headers, 'x-spark-signature')) {}",
    },
    {
      code: "const s = event.headers['X-Spark-Signature'];",
      errors: [{ messageId: 'mixedCaseHeader', line: 1, column: 25 }],
      output: "const s = event.headers['x-spark-signature'];",
    },
    {
      code: 'const s = event.headers?.["X-Webex-Signature"];',
      errors: [{ messageId: 'mixedCaseHeader', line: 1, column: 27 }],
      output: 'const s = event.headers?.["x-webex-signature"];',
    },
    {
      code: "const SIG = 'X-Spark-Signature';\nconst s = headers[SIG];",
      errors: [{ messageId: 'mixedCaseHeader', line: 2, column: 19 }],
      output: "const SIG = 'x-spark-signature';\nconst s = headers[SIG];",
    },
    {
      code: "if ('X-Spark-Signature' in headers) {}",
      errors: [{ messageId: 'mixedCaseHeader', line: 1, column: 5 }],
      output: "if ('x-spark-signature' in headers) {}",
    },
    {
      code: "const { 'X-Webex-Signature': sig } = event.headers;",
      filename: 'file.ts',
      errors: [{ messageId: 'mixedCaseHeader', line: 1, column: 9 }],
      output: "const { 'x-webex-signature': sig } = event.headers;",
    },
  ],
});
