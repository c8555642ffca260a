import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'phone-numbers-query-max';
const list = (n: number) => Array.from({ length: n }, (_, i) => `'+${i}'`).join(', ');
ruleTester().run(id, rule(id), {
  valid: [
    `api.get('/telephony/config/numbers', { params: { location: 'l', phoneNumbers: [${list(20)}].join(',') } });`,
    `crm.get('https://crm.example.com/x', { params: { phoneNumbers: [${list(30)}] } });`,
  ],
  invalid: [
    {
      code: `api.get('/telephony/config/numbers', { params: { location: 'l', phoneNumbers: [${list(21)}].join(',') } });`,
      errors: [{ messageId: 'fieldTooMany', line: 1, column: 65 }],
    },
  ],
});
