import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'authorization-bearer-scheme';
ruleTester().run(id, rule(id), {
  valid: [
    "fetch('https://api.github.com/user', { headers: { Authorization: `token ${token}` } });",
    "fetch('https://webexapis.com/v1/rooms', { headers: { Authorization: `Bearer ${token}` } });",
    "fetch('https://webexapis.com/v1/rooms', { headers: { Authorization: authHeader } });",
    // A name the file neither declares nor assigns is a global another script defines: its value is not here.
    "fetch('https://webexapis.com/v1/rooms', { headers: { Authorization: token } });",
  ],
  invalid: [
    {
      code: "const token = getToken();\nfetch('https://webexapis.com/v1/rooms', { headers: { Authorization: token } });",
      errors: [{ messageId: 'bareToken', line: 2, column: 69 }],
      output: "const token = getToken();\nfetch('https://webexapis.com/v1/rooms', { headers: { Authorization: `Bearer ${token}` } });",
    },
    {
      code: "fetch('https://webexapis.com/v1/rooms', { headers: { Authorization: 'Token ' + token } });",
      errors: [{ messageId: 'otherScheme', line: 1, column: 69 }],
      output: "fetch('https://webexapis.com/v1/rooms', { headers: { Authorization: 'Bearer ' + token } });",
    },
    {
      code: "fetch('https://webexapis.com/v1/rooms', { headers: { Authorization: 'Basic ' + creds } });",
      errors: [{ messageId: 'otherScheme', line: 1, column: 69 }],
      output: null,
    },
  ],
});
