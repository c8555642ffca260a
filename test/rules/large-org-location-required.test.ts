import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'large-org-location-required';
ruleTester().run(id, rule(id), {
  valid: [
    "api.get('/telephony/config/numbers', { params: { location: l } });",
    "api.get('/telephony/config/numbers', { params: { ...p } });",
    "api.get('/telephony/config/locations/x/numbers');",
  ],
  invalid: [
    {
      code: "api.get('/telephony/config/numbers', { params: { phoneNumbers } });",
      errors: [{ messageId: 'fieldMissing', line: 1, column: 9 }],
    },
  ],
});
