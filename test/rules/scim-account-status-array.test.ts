import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'scim-account-status-array';
const scim = "const base = '/identity/scim/v2/Users';\n";

ruleTester().run(id, rule(id), {
  valid: [
    "const dormant = account.accountStatus === 'Inactive';",
    scim + "const s = user.accountStatus?.includes('Suspended');",
    scim + "const body = { accountStatus: ['Suspended'] };",
    scim + 'const none = user.accountStatus === undefined;',
    // A JSON Patch (bare array) of another service; an array value; another attribute.
    scim + "const jp = [{ op: 'replace', path: '/accountStatus', value: 'closed' }];",
    scim + "const p = { Operations: [{ op: 'replace', path: 'accountStatus', value: ['Suspended'] }] };",
    scim + "const p = { Operations: [{ op: 'replace', path: 'accountStatusReason', value: 'left' }] };",
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
    {
      code: scim + "const p = {\n  Operations: [{ op: 'replace', path: 'urn:scim:schemas:extension:cisco:webexidentity:2.0:User:accountStatus', value: 'Inactive' }],\n};",
      errors: [{ messageId: 'patchOpString', line: 3, column: 119 }],
      output: null,
    },
  ],
});
