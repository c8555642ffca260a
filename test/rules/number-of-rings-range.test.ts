import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'number-of-rings-range';

ruleTester().run(id, rule(id), {
  valid: [
    'const a = { numberOfRings: 2 };',
    'const b = { baseLocationNumberOfRings: 20 };',
    'if (s.numberOfRings > 25) warn();',
    'const c = { rings: 25 };',
    'const d = { numberOfRings: n };',
    // Another product's ring count, in a file with nothing about the platform's forwarding or voicemail.
    "const intercom = { name: 'Front door', numberOfRings: 30 };",
    // A hunt group's no-answer rings (Update a Hunt Group): another endpoint, not this notice's range.
    "await axios.put(`https://webexapis.com/v1/telephony/config/locations/${loc}/huntGroups/${id}`, { callPolicies: { noAnswer: { nextAgentEnabled: true, numberOfRings: 30 } } });",
    // A `noAnswer` object tied to nothing, in a file with no API context: not reported.
    'const a = { noAnswer: { numberOfRings: 1 } };',
  ],
  invalid: [
    {
      // Sent to Configure Call Forwarding Settings for a Person: certain.
      code: "await axios.put(`https://webexapis.com/v1/people/${id}/features/callForwarding`, { callForwarding: { noAnswer: { enabled: true, numberOfRings: 1 } } });",
      errors: [{ messageId: 'outOfRange', line: 1, column: 144 }],
      output: null,
    },
    {
      // About voicemail, tied to no call: likely.
      code: 'const voicemail = { sendUnansweredCalls: { enabled: true, numberOfRings: 1 } };',
      errors: [{ messageId: 'outOfRange', line: 1, column: 74 }],
      output: null,
    },
    {
      code: "const url = `/telephony/config/workspaces/${id}/sequentialRing`;\nconst MAX = 21;\nsettings.baseLocationNumberOfRings = MAX;",
      filename: 'file.js',
      errors: [{ messageId: 'outOfRange', line: 3, column: 38 }],
      output: null,
    },
  ],
});
