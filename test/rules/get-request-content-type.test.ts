import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'get-request-content-type';
ruleTester().run(id, rule(id), {
  valid: [
    "fetch('https://webexapis.com/v1/messages', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ a: 1 }) });",
    "fetch('https://api.github.com/user', { headers: { 'Content-Type': 'application/json' } });",
    // A client's default header with only requests that send a body through the client.
    "import axios from 'axios'; const api = axios.create({ baseURL: 'https://webexapis.com/v1', headers: { 'Content-Type': 'application/json' } }); api.post('/rooms', { title: 't' });",
  ],
  invalid: [
    {
      // A client's default header goes out with its GET too (issue 26 shape 2): reported where written, no edit (shared).
      code: "import axios from 'axios'; const api = axios.create({ baseURL: 'https://webexapis.com/v1', headers: { 'Content-Type': 'application/json' } }); api.get('/rooms');",
      errors: [{ messageId: 'getWithContentType', line: 1, column: 103 }],
      output: null,
    },
    {
      code: "fetch('https://webexapis.com/v1/rooms', { headers: { Accept: 'application/json', 'Content-Type': 'application/json' } });",
      errors: [{ messageId: 'getWithContentType', line: 1, column: 82 }],
      output: "fetch('https://webexapis.com/v1/rooms', { headers: { Accept: 'application/json' } });",
    },
    {
      code: "import axios from 'axios';\naxios.get('/people', { headers: { 'content-type': 'application/json' } });",
      filename: 'file.js',
      errors: [{ messageId: 'getWithContentType', line: 2, column: 35 }],
      output: "import axios from 'axios';\naxios.get('/people', { headers: {} });",
    },
  ],
});
