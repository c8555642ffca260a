import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'trunk-error-codes-renamed';

ruleTester().run(id, rule(id), {
  valid: [
    "if (err.code === 'E1001') retry();",
    "const LABELS = { E1001: 'Invalid input' };",
    "const codes = trunk.errorCodes.filter((c) => c === 'F_TO_FQDN_DNS_FAILURE');",
    "if (trunk.errorCodes.includes('E1018')) alert();",
    "const s = 'E1001';",
  ],
  invalid: [
    {
      code: "if (trunk.errorCodes.includes('E1001')) alertDns();",
      errors: [{ messageId: 'valueRenamed', line: 1, column: 31 }],
      output: "if (trunk.errorCodes.includes('F_TO_FQDN_DNS_FAILURE')) alertDns();",
    },
    {
      code: 'for (const code of trunk.errorCodes) {\n  switch (code) {\n    case "E1007": return;\n  }\n}',
      errors: [{ messageId: 'valueRenamed', line: 3, column: 10 }],
      output: 'for (const code of trunk.errorCodes) {\n  switch (code) {\n    case "E_TO_NO_RESPONSE": return;\n  }\n}',
    },
    {
      code: "const labels = { E1002: 'transport' };\nconst bad = trunk.errorCodes.map((c) => labels[c]);",
      errors: [{ messageId: 'valueRenamed', line: 1, column: 18 }],
      output: "const labels = { F_TO_CONN_TRANSPORT_ISSUE: 'transport' };\nconst bad = trunk.errorCodes.map((c) => labels[c]);",
    },
    {
      code: "const mock = { name: 'trunk', errorCodes: ['E1012'] };",
      filename: 'file.js',
      errors: [{ messageId: 'valueRenamed', line: 1, column: 44 }],
      output: "const mock = { name: 'trunk', errorCodes: ['E_FROM_SERVER_ERROR_UNAVAILABLE'] };",
    },
  ],
});
