import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'license-names-further-renamed';

ruleTester().run(id, rule(id), {
  valid: [
    "const name = 'Calling Standard';",
    "const help = 'renamed from CX Essentials Standard';",
    // The 2026-01-26 renames belong to license-names-shortened.
    "const calling = 'Single License - Webex Calling';",
    // The voice product named outside license handling.
    "const product = 'Webex Voice'; if (p.title === 'Webex Voice') show();",
  ],
  invalid: [
    {
      code: "const std = licenses.find((l) => l.name === 'CX Essentials Standard');",
      errors: [{ messageId: 'valueRenamed', line: 1, column: 45 }],
      output: "const std = licenses.find((l) => l.name === 'Calling Standard');",
    },
    {
      code: 'const essential = "Customer Experience - Essential";',
      errors: [{ messageId: 'valueRenamed', line: 1, column: 19 }],
      output: 'const essential = "Customer Assist - Essential";',
    },
    {
      code: "const voice = licenses.find((l) => l.name === 'Webex Voice');",
      errors: [{ messageId: 'valueChanged', line: 1, column: 47 }],
      output: null,
    },
  ],
});
