import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'call-history-page-size';
ruleTester().run(id, rule(id), {
  valid: [
    "fetch('https://analytics-calling.webexapis.com/v1/cdr_feed?max=500');",
    "fetch('https://webexapis.com/v1/rooms?max=10');",
    // Replaced before the request.
    "async function f() { let u = 'https://analytics-calling.webexapis.com/v1/cdr_feed?max=100'; u = 'https://analytics-calling.webexapis.com/v1/cdr_feed?max=1000'; return fetch(u); }",
  ],
  invalid: [
    {
      code: "fetch('https://analytics-calling.webexapis.com/v1/cdr_feed?startTime=a&max=100');",
      errors: [{ messageId: 'fieldRange', line: 1, column: 7 }],
    },
    {
      code: "axios.get('https://analytics-calling.webexapis.com/v1/cdr_stream', { params: { max: 6000 } });",
      errors: [{ messageId: 'fieldRange', line: 1, column: 80 }],
    },
    {
      // Reported where the query is written: the `let` the pagination loop reassigns after the first request.
      code: "async function f() {\n  let url = 'https://analytics-calling.webexapis.com/v1/cdr_feed?max=200';\n  while (url) url = (await got(url)).headers.link;\n}",
      errors: [{ messageId: 'fieldRange', line: 2, column: 13 }],
    },
  ],
});
