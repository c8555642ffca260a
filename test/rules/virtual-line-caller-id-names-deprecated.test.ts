import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'virtual-line-caller-id-names-deprecated';
const url = 'const url = `/telephony/config/virtualLines/${id}/callerId`;\n';

ruleTester().run(id, rule(id), {
  valid: [
    "const contact = { callerIdFirstName: 'Ada' };",
    url + "const body = { dialByFirstName: 'Ada', directLineCallerIdName: { selection: 'CUSTOM_NAME', customName: 'Ada' } };",
  ],
  invalid: [
    {
      code: url + "const body = { callerIdFirstName: 'Ada', callerIdLastName: 'L' };",
      errors: [
        { messageId: 'deprecated', line: 2, column: 16 },
        { messageId: 'deprecated', line: 2, column: 42 },
      ],
      output: null,
    },
    {
      code: url + 'interface VirtualLine { callerIdLastName?: string }',
      errors: [{ messageId: 'deprecated', line: 2, column: 25 }],
      output: null,
    },
  ],
});
