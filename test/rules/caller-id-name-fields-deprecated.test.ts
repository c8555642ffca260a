import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'caller-id-name-fields-deprecated';
ruleTester().run(id, rule(id), {
  valid: [
    "fetch('/api/signup', { method: 'POST', body: JSON.stringify({ firstName: 'A' }) });",
    "fetch('https://webexapis.com/v1/people/me', { method: 'PUT', body: JSON.stringify({ firstName: 'A' }) });",
    "fetch('https://webexapis.com/v1/people/me/features/callerId', { method: 'PUT', body: JSON.stringify({ dialByFirstName: 'A' }) });",
  ],
  invalid: [
    {
      code: "fetch('https://webexapis.com/v1/people/me/features/callerId', {\n  method: 'PUT',\n  body: JSON.stringify({ firstName: 'A', lastName: 'B' }),\n});",
      errors: [
        { messageId: 'fieldSent', line: 3, column: 26 },
        { messageId: 'fieldSent', line: 3, column: 42 },
      ],
    },
  ],
});
