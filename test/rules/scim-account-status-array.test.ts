import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'scim-account-status-array';
const scim = "const base = '/identity/scim/v2/Users';\n";

ruleTester().run(id, rule(id), {
  valid: [
    "const dormant = account.accountStatus === 'Inactive';",
    scim + "const s = user.accountStatus?.includes('Suspended');",
    scim + "const body = { accountStatus: ['Suspended'] };",
    scim + 'const none = user.accountStatus === undefined;',
  ],
  invalid: [
    {
      code: scim + "const off = user.accountStatus === 'Inactive';",
      errors: [{ messageId: 'stringValue', line: 2, column: 36 }],
      output: null,
    },
    {
      code: scim + "switch (u.accountStatus) {\n  case 'Active': break;\n}",
      errors: [{ messageId: 'stringValue', line: 3, column: 8 }],
      output: null,
    },
    {
      code: scim + "user.accountStatus = 'Inactive';",
      filename: 'file.js',
      errors: [{ messageId: 'stringValue', line: 2, column: 22 }],
      output: null,
    },
  ],
});
