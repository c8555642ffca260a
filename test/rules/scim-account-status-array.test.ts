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
      // The transitional suggestion accepts a string (before the date) or an array (after it), and the old value
      // or the ones the platform names as its replacements: the same answer on both sides of the date.
      code: scim + "const off = user.accountStatus === 'Inactive';",
      errors: [{ messageId: 'stringValue', line: 2, column: 36, suggestions: [{ messageId: 'suggestEither', output: scim + "const off = [user.accountStatus].flat().some((v) => ['Inactive', 'Suspended', 'Compliance', 'Fraud'].includes(v));" }] }],
      output: null,
    },
    {
      // A value without listed replacements: a string or an array holding it; negated for `!==`.
      code: scim + "if ('Active' !== u.accountStatus) skip(u);",
      errors: [{ messageId: 'stringValue', line: 2, column: 5, suggestions: [{ messageId: 'suggestEither', output: scim + "if (![u.accountStatus].flat().includes('Active')) skip(u);" }] }],
      output: null,
    },
    {
      // A read with a side effect is not rewritten into another expression: no suggestion.
      code: scim + "const off = next().accountStatus === 'Inactive';",
      errors: [{ messageId: 'stringValue', line: 2, column: 38, suggestions: [] }],
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
