import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'token-endpoint-form-body';
ruleTester().run(id, rule(id), {
  valid: [
    "fetch('https://webexapis.com/v1/access_token', { method: 'POST', body: new URLSearchParams({ code }) });",
    "fetch('https://auth.example.com/access_token', { method: 'POST', body: JSON.stringify({ code }) });",
  ],
  invalid: [
    {
      code: "fetch('https://webexapis.com/v1/access_token', { method: 'POST', body: JSON.stringify({ code }) });",
      errors: [{ messageId: 'jsonTokenRequest', line: 1, column: 72 }],
      output: "fetch('https://webexapis.com/v1/access_token', { method: 'POST', body: new URLSearchParams({ code }) });",
    },
    {
      code: "import got from 'got';\ngot.post('https://webexapis.com/v1/access_token', { json: { code } });",
      errors: [{ messageId: 'jsonTokenRequest', line: 2, column: 59 }],
      output: "import got from 'got';\ngot.post('https://webexapis.com/v1/access_token', { form: { code } });",
    },
  ],
});
