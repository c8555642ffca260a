import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'telephony-calls-filter-number';

ruleTester().run(id, rule(id), {
  valid: [
    "const a = { resource: 'customers', filter: 'address=Baker Street' };",
    "const b = { resource: 'telephony_calls', filter: 'number=+1555' };",
    "const c = { resource: 'telephony_calls', filter: 'emailaddress=x' };",
  ],
  invalid: [
    {
      code: "const hook = { resource: 'telephony_calls', event: 'created', filter: 'address=+1555' };",
      errors: [{ messageId: 'parameterRenamed', line: 1, column: 72 }],
      output: "const hook = { resource: 'telephony_calls', event: 'created', filter: 'number=+1555' };",
    },
    {
      code: "const hook = {\n  resource: 'telephony_calls',\n  filter: `personId=${p}&address=${n}`,\n};",
      filename: 'file.js',
      errors: [{ messageId: 'parameterRenamed', line: 3, column: 26 }],
      output: "const hook = {\n  resource: 'telephony_calls',\n  filter: `personId=${p}&number=${n}`,\n};",
    },
  ],
});
