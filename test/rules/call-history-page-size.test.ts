import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'call-history-page-size';
ruleTester().run(id, rule(id), {
  valid: [
    "fetch('https://analytics-calling.webexapis.com/v1/cdr_feed?max=500');",
    "fetch('https://webexapis.com/v1/rooms?max=10');",
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
  ],
});
