import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'hunt-group-business-continuity-removed';
const url = "const url = `/telephony/config/locations/${loc}/huntGroups/${id}`;\n";

ruleTester().run(id, rule(id), {
  valid: [
    'const plan = { businessContinuity: { rtoHours: 4 } };',
    url + 'const body = { businessContinuityRedirect: { enabled: true } };',
    url + 'const x = group.businessContinuityRedirect;',
  ],
  invalid: [
    {
      code: url + 'const body = { businessContinuity: { enabled: true } };',
      errors: [
        {
          messageId: 'removed',
          line: 2,
          column: 16,
          suggestions: [{ messageId: 'suggestRename', output: url + 'const body = { businessContinuityRedirect: { enabled: true } };' }],
        },
      ],
      output: null,
    },
    {
      code: url + 'const { businessContinuity } = group;',
      errors: [
        {
          messageId: 'removed',
          line: 2,
          column: 9,
          suggestions: [{ messageId: 'suggestRename', output: url + 'const { businessContinuityRedirect: businessContinuity } = group;' }],
        },
      ],
      output: null,
    },
    {
      code: '// busyRedirect replaces part of it\nconst d = group.businessContinuity.destination;',
      filename: 'file.js',
      errors: [
        {
          messageId: 'removed',
          line: 2,
          column: 17,
          suggestions: [{ messageId: 'suggestRename', output: '// busyRedirect replaces part of it\nconst d = group.businessContinuityRedirect.destination;' }],
        },
      ],
      output: null,
    },
  ],
});
