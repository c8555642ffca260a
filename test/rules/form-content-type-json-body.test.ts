import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'form-content-type-json-body';
const h = "{ 'Content-Type': 'application/x-www-form-urlencoded' }";
ruleTester().run(id, rule(id), {
  valid: [
    `fetch('https://webexapis.com/v1/access_token', { method: 'POST', headers: ${h}, body: new URLSearchParams({ a }) });`,
    `fetch('https://example.com/hook', { method: 'POST', headers: ${h}, body: JSON.stringify({ a }) });`,
  ],
  invalid: [
    {
      code: `fetch('https://webexapis.com/v1/messages', { method: 'POST', headers: ${h}, body: JSON.stringify({ a }) });`,
      errors: [{ messageId: 'formHeaderJsonBody', line: 1, column: 134 }],
    },
  ],
});
