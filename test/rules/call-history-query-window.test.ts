import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'call-history-query-window';
const url = "'https://analytics-calling.webexapis.com/v1/cdr_feed'";
ruleTester().run(id, rule(id), {
  valid: [
    `axios.get(${url}, { params: { startTime: new Date(Date.now() - 12 * 3600000).toISOString(), endTime: new Date().toISOString() } });`,
    `axios.get('https://logs.example.com/q', { params: { startTime: new Date(Date.now() - 48 * 3600000).toISOString(), endTime: new Date().toISOString() } });`,
  ],
  invalid: [
    {
      code: `axios.get(${url}, { params: { startTime: new Date(Date.now() - 48 * 3600000).toISOString(), endTime: new Date().toISOString() } });`,
      errors: [{ messageId: 'windowTooLong', line: 1, column: 78 }],
    },
  ],
});
