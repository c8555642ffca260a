import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'caller-id-name-fields-deprecated';
ruleTester().run(id, rule(id), {
  valid: [
    "fetch('/api/signup', { method: 'POST', body: JSON.stringify({ firstName: 'A' }) });",
    "fetch('https://webexapis.com/v1/people/me', { method: 'PUT', body: JSON.stringify({ firstName: 'A' }) });",
    "fetch('https://webexapis.com/v1/people/me/features/callerId', { method: 'PUT', body: JSON.stringify({ dialByFirstName: 'A' }) });",
    // A wrapper of another service: `this.call('GET', '/health')` and a callerId path elsewhere are not the API.
    "class S {\n  call(method: string, path: string, body?: object) { return fetch('https://status.example.com' + path, { method, body: JSON.stringify(body) }); }\n  a() { return this.call('GET', '/health'); }\n  b() { return this.call('PUT', '/u/callerId', { firstName: 'A' }); }\n}",
  ],
  invalid: [
    {
      code: "fetch('https://webexapis.com/v1/people/me/features/callerId', {\n  method: 'PUT',\n  body: JSON.stringify({ firstName: 'A', lastName: 'B' }),\n});",
      errors: [
        { messageId: 'fieldSent', line: 3, column: 26 },
        { messageId: 'fieldSent', line: 3, column: 42 },
      ],
    },
    {
      // Through the class's own wrapper: method, path and body at the call site.
      code: "const BASE = 'https://webexapis.com/v1';\nclass C {\n  call(method: string, path: string, body?: object) { return fetch(`${BASE}${path}`, { method, body: body ? JSON.stringify(body) : undefined }); }\n  rename(id: string) { return this.call('PUT', `/telephony/config/virtualLines/${id}/callerId`, { firstName: 'A' }); }\n}",
      errors: [{ messageId: 'fieldSent', line: 4, column: 99 }],
    },
  ],
});
