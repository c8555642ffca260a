import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'license-partial-success';
ruleTester().run(id, rule(id), {
  valid: [
    "async function f() { const r = await axios.get('https://webexapis.com/v1/rooms'); return r.status === 200; }",
    "async function f(b) { const r = await axios.patch('https://webexapis.com/v1/licenses', b); return r.status < 300; }",
    "const APP_ERROR = 400704; if (e.code === 400704) {}",
    // A 200 check after a PATCH that is not license assignment.
    "async function f(b) { const r = await axios.patch('https://webexapis.com/v1/people/p1', b); return r.status === 200; }",
    "async function f(b) { const r = await axios.patch('https://seats.example.com/licenses/users', b); return r.status === 200; }",
  ],
  invalid: [
    {
      code: "async function f(b) {\n  const r = await axios.patch('https://webexapis.com/v1/licenses', b);\n  return r.status === 200;\n}",
      errors: [{ messageId: 'onlyOkIsSuccess', line: 3, column: 10 }],
    },
    {
      code: "// license errors\nif (err.code === 400706) retry();",
      errors: [{ messageId: 'valueRenamed', line: 2, column: 18 }],
      output: "// license errors\nif (err.code === 400) retry();",
    },
    {
      // The public API's PATCH /licenses/users, through a client returned by a factory; 400 in the catch.
      code: "function client() { return axios.create({ baseURL: 'https://webexapis.com/v1' }); }\nconst api = client();\nasync function f(b) {\n  try { return (await api.patch('/licenses/users', b)).status === 200; }\n  catch (e) { if (e.response?.status === 400) return false; }\n}",
      errors: [
        { messageId: 'onlyOkIsSuccess', line: 4, column: 16 },
        { messageId: 'badRequestIsNone', line: 5, column: 19 },
      ],
    },
  ],
});
