import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'rooms-meeting-info-deprecated';
ruleTester().run(id, rule(id), {
  valid: [
    "app.get('/rooms/:id/meetingInfo', (req, res) => res.end());",
    "fetch(`https://webexapis.com/v1/meetings?roomId=${id}`);",
  ],
  invalid: [
    {
      code: "fetch(`https://webexapis.com/v1/rooms/${id}/meetingInfo`);",
      errors: [{ messageId: 'endpointDeprecated', line: 1, column: 7 }],
    },
  ],
});
