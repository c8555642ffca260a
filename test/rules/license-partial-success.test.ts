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
    // The same code compared in a function that calls another endpoint (Update a Person): not the license codes.
    "async function f(b) {\n  try { await axios.put('https://webexapis.com/v1/people/p1', b); }\n  catch (err) { if (err.response.data.code === 400706) retry(); }\n}",
  ],
  invalid: [
    {
      code: "async function f(b) {\n  const r = await axios.patch('https://webexapis.com/v1/licenses', b);\n  return r.status === 200;\n}",
      errors: [{ messageId: 'onlyOkIsSuccess', line: 3, column: 10 }],
    },
    {
      // Tied to PATCH /licenses/users (the function makes the call): certain, fixed.
      code: "async function assign(b) {\n  try { await axios.patch('https://webexapis.com/v1/licenses/users', b); }\n  catch (err) { if (err.response.data.code === 400706) retry(); }\n}",
      errors: [{ messageId: 'valueRenamed', line: 3, column: 48 }],
      output: "async function assign(b) {\n  try { await axios.patch('https://webexapis.com/v1/licenses/users', b); }\n  catch (err) { if (err.response.data.code === 400) retry(); }\n}",
    },
    {
      // About licenses but tied to no call: likely, the fix is a suggestion.
      code: "// license errors\nif (err.code === 400706) retry();",
      errors: [{ messageId: 'valueRenamed', line: 2, column: 18, suggestions: [{ messageId: 'suggestLikelyFix', output: "// license errors\nif (err.code === 400) retry();" }] }],
      output: null,
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
