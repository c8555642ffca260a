import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'location-pstn-connection-moved';
ruleTester().run(id, rule(id), {
  valid: [
    "const pool = { connection: { host: 'db' } };",
    "api.put(`/telephony/config/locations/${id}`, { announcementLanguage: 'en_us' });",
  ],
  invalid: [
    {
      code: "api.put(`/telephony/config/locations/${id}`, { connection: { type: 'TRUNK', id: t } });",
      errors: [{ messageId: 'fieldSent', line: 1, column: 48 }],
    },
  ],
});
