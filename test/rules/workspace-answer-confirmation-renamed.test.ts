import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'workspace-answer-confirmation-renamed';

ruleTester().run(id, rule(id), {
  valid: [
    'const body = { answerConfirmationRequiredEnabled: true };',
    'const label = "answerConfirmationEnabled";',
    'function f(answerConfirmationEnabled: boolean) { return answerConfirmationEnabled; }',
    'const x = prefs.confirmationEnabled;',
  ],
  invalid: [
    {
      code: 'const body = { enabled: true, answerConfirmationEnabled: true };',
      errors: [{ messageId: 'renamed', line: 1, column: 31 }],
      output: 'const body = { enabled: true, answerConfirmationRequiredEnabled: true };',
    },
    {
      code: 'const { answerConfirmationEnabled } = settings;',
      errors: [{ messageId: 'renamed', line: 1, column: 9 }],
      output: 'const { answerConfirmationRequiredEnabled: answerConfirmationEnabled } = settings;',
    },
    {
      code: "if (ws?.['answerConfirmationEnabled']) ring();",
      errors: [{ messageId: 'renamed', line: 1, column: 10 }],
      output: "if (ws?.['answerConfirmationRequiredEnabled']) ring();",
    },
    {
      code: 'interface SimRing {\n  answerConfirmationEnabled: boolean;\n}',
      errors: [{ messageId: 'renamed', line: 2, column: 3 }],
      output: 'interface SimRing {\n  answerConfirmationRequiredEnabled: boolean;\n}',
    },
    {
      code: 'class Ring { answerConfirmationEnabled = false }',
      filename: 'file.js',
      errors: [{ messageId: 'renamed', line: 1, column: 14 }],
      output: 'class Ring { answerConfirmationRequiredEnabled = false }',
    },
    {
      code: 'interface SimRing {\n  answerConfirmationEnabled?: boolean;\n  answerConfirmationRequiredEnabled?: boolean;\n}',
      errors: [{ messageId: 'renamedBoth', line: 2, column: 3 }],
      output: null,
    },
    {
      code: 'send({ answerConfirmationEnabled: true, answerConfirmationRequiredEnabled: true });',
      errors: [{ messageId: 'renamedBoth', line: 1, column: 8 }],
      output: null,
    },
  ],
});
