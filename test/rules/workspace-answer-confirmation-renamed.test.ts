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
    // A property the file's own types declare: renaming it here alone would break its references in other files
    // (and renaming its uses without it breaks them here), so ESLint offers the rename as a suggestion and points
    // to the codemod, which renames it project-wide.
    {
      code: 'interface SimRing {\n  answerConfirmationEnabled: boolean;\n}',
      errors: [
        {
          messageId: 'renamedDeclared',
          line: 2,
          column: 3,
          suggestions: [{ messageId: 'suggestRenameHere', output: 'interface SimRing {\n  answerConfirmationRequiredEnabled: boolean;\n}' }],
        },
      ],
      output: null,
    },
    {
      code: 'interface SimRing {\n  answerConfirmationEnabled: boolean;\n}\nexport const on = (r: SimRing) => r.answerConfirmationEnabled;',
      errors: [
        {
          messageId: 'renamedDeclared',
          line: 2,
          suggestions: [{ messageId: 'suggestRenameHere', output: 'interface SimRing {\n  answerConfirmationRequiredEnabled: boolean;\n}\nexport const on = (r: SimRing) => r.answerConfirmationEnabled;' }],
        },
        {
          messageId: 'renamedDeclared',
          line: 4,
          suggestions: [{ messageId: 'suggestRenameHere', output: 'interface SimRing {\n  answerConfirmationEnabled: boolean;\n}\nexport const on = (r: SimRing) => r.answerConfirmationRequiredEnabled;' }],
        },
      ],
      output: null,
    },
    {
      code: 'class Ring { answerConfirmationEnabled = false }',
      filename: 'file.js',
      errors: [
        {
          messageId: 'renamedDeclared',
          line: 1,
          column: 14,
          suggestions: [{ messageId: 'suggestRenameHere', output: 'class Ring { answerConfirmationRequiredEnabled = false }' }],
        },
      ],
      output: null,
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
