import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'calling-name-placeholder-null';
ruleTester().run(id, rule(id), {
  valid: [
    "api.post('/telephony/config/virtualLines', { lastName: 'Reception' });",
    "fetch('https://crm.example.com/c', { method: 'POST', body: JSON.stringify({ firstName: '.' }) });",
    "api.post('/telephony/config/virtualLines', { firstName: rest.length ? first : 'Reception' });",
    "fetch('https://crm.example.com/c', { method: 'POST', body: JSON.stringify({ firstName: first || '.' }) });",
  ],
  invalid: [
    {
      code: "api.post('/telephony/config/virtualLines', { firstName: '.', lastName: 'Reception' });",
      errors: [{ messageId: 'fieldValue', line: 1, column: 46 }],
    },
    {
      code: "api.post('/telephony/config/virtualLines', {\n  firstName: rest.length ? first : '.',\n});",
      errors: [{ messageId: 'fieldValue', line: 2, column: 3 }],
    },
    {
      code: "api.put('/telephony/config/virtualLines/v1', { lastName: last ?? '-' });",
      errors: [{ messageId: 'fieldValue', line: 1, column: 48 }],
    },
  ],
});
