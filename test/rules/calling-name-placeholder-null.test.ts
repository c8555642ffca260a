import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'calling-name-placeholder-null';
ruleTester().run(id, rule(id), {
  valid: [
    "api.post('/telephony/config/virtualLines', { lastName: 'Reception' });",
    "fetch('https://crm.example.com/c', { method: 'POST', body: JSON.stringify({ firstName: '.' }) });",
  ],
  invalid: [
    {
      code: "api.post('/telephony/config/virtualLines', { firstName: '.', lastName: 'Reception' });",
      errors: [{ messageId: 'fieldValue', line: 1, column: 46 }],
    },
  ],
});
