import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'license-names-shortened';

ruleTester().run(id, rule(id), {
  valid: [
    "const name = 'Webex Calling';",
    "const help = 'renamed from Single License - Webex Calling';",
    "const lower = 'single license - webex calling';",
    // Later renames belong to license-names-further-renamed.
    "const std = 'CX Essentials Standard';",
  ],
  invalid: [
    {
      code: "const lic = licenses.find((l) => l.name === 'Single License - Webex Calling');",
      errors: [{ messageId: 'valueRenamed', line: 1, column: 45 }],
      output: "const lic = licenses.find((l) => l.name === 'Webex Calling');",
    },
    {
      code: 'const assist = "Single License - CX Essentials";',
      errors: [{ messageId: 'valueRenamed', line: 1, column: 16 }],
      output: 'const assist = "Customer Assist";',
    },
    {
      code: "const cc = 'Single License - Webex Contact Center';",
      errors: [{ messageId: 'valueChanged', line: 1, column: 12 }],
      output: null,
    },
  ],
});
