import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'license-partial-success';
ruleTester().run(id, rule(id), {
  valid: [
    "async function f() { const r = await axios.get('https://webexapis.com/v1/rooms'); return r.status === 200; }",
    "async function f(b) { const r = await axios.patch('https://webexapis.com/v1/licenses', b); return r.status < 300; }",
    "const APP_ERROR = 400704; if (e.code === 400704) {}",
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
  ],
});
