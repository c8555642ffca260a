import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'location-pstn-connection-moved';
ruleTester().run(id, rule(id), {
  valid: [
    "const pool = { connection: { host: 'db' } };",
    "api.put(`/telephony/config/locations/${id}`, { announcementLanguage: 'en_us' });",
    // The wrapper's init spread: a GET sends nothing; another service's locations.
    "const API = 'https://webexapis.com/v1';\nfunction webex(path: string, init: RequestInit = {}) { return fetch(API + path, { ...init }); }\nwebex('/telephony/config/locations/l1');",
    "function db(path: string, init: RequestInit) { return fetch('https://db.example.com' + path, init); }\ndb('/telephony/config/locations/l1', { method: 'PUT', body: JSON.stringify({ connection: { pool: 2 } }) });",
  ],
  invalid: [
    {
      code: "api.put(`/telephony/config/locations/${id}`, { connection: { type: 'TRUNK', id: t } });",
      errors: [{ messageId: 'fieldSent', line: 1, column: 48 }],
    },
    {
      // Through a wrapper whose init object is spread into fetch's options: method and body at the call site.
      code: "const API = 'https://webexapis.com/v1';\nfunction webex(path: string, init: RequestInit = {}) { return fetch(API + path, { ...init, headers: { Accept: 'application/json' } }); }\nwebex(`/telephony/config/locations/${id}`, { method: 'PUT', body: JSON.stringify({ connection: { type: 'TRUNK' } }) });",
      errors: [{ messageId: 'fieldSent', line: 3, column: 84 }],
    },
  ],
});
