import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'large-org-location-required';
ruleTester().run(id, rule(id), {
  valid: [
    "api.get('/telephony/config/numbers', { params: { location: l } });",
    "api.get('/telephony/config/numbers', { params: { ...p } });",
    "api.get('/telephony/config/locations/x/numbers');",
    "class N {\n  call(method: string, path: string) { return fetch(`https://inventory.example.com${path}`, { method }); }\n  all() { return this.call('GET', '/telephony/config/numbers'); }\n}",
  ],
  invalid: [
    {
      code: "api.get('/telephony/config/numbers', { params: { phoneNumbers } });",
      errors: [{ messageId: 'fieldMissing', line: 1, column: 9 }],
    },
    {
      // Through the class's own wrapper: reported at the path argument.
      code: "const BASE = 'https://webexapis.com/v1';\nclass N {\n  call(method: string, path: string) { return fetch(`${BASE}${path}`, { method }); }\n  all() { return this.call('GET', '/telephony/config/numbers?available=true'); }\n}",
      errors: [{ messageId: 'fieldMissing', line: 4, column: 35 }],
    },
  ],
});
