import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'workspace-answer-confirmation-renamed';
/** The workspace simultaneous ring endpoint (certain) and Single Number Reach (another endpoint, same name). */
const SR = "const SR = 'https://webexapis.com/v1/telephony/config/workspaces/w1/simultaneousRing';\n";
const SNR = "const SNR = 'https://webexapis.com/v1/telephony/config/people/p1/singleNumberReach/numbers';\n";
const PUT = "fetch(SR, { method: 'PUT', body: JSON.stringify(body) });";

ruleTester().run(id, rule(id), {
  valid: [
    `${SR}const body = { answerConfirmationRequiredEnabled: true };\n${PUT}`,
    'const label = "answerConfirmationEnabled";',
    'function f(answerConfirmationEnabled: boolean) { return answerConfirmationEnabled; }',
    'const x = prefs.confirmationEnabled;',
    // No API context: not reported.
    'const body = { enabled: true, answerConfirmationEnabled: true };',
    // Single Number Reach keeps the name.
    `${SNR}const body = { phoneNumber: '+1', answerConfirmationEnabled: true };\nfetch(SNR, { method: 'POST', body: JSON.stringify(body) });`,
    `${SNR}async function f() {\n  const { answerConfirmationEnabled } = await (await fetch(SNR)).json();\n  return answerConfirmationEnabled;\n}`,
  ],
  invalid: [
    {
      code: `${SR}const body = { enabled: true, answerConfirmationEnabled: true };\n${PUT}`,
      errors: [{ messageId: 'renamed', line: 2, column: 31 }],
      output: `${SR}const body = { enabled: true, answerConfirmationRequiredEnabled: true };\n${PUT}`,
    },
    {
      code: `${SR}async function f() {\n  const { answerConfirmationEnabled } = await (await fetch(SR)).json();\n}`,
      errors: [{ messageId: 'renamed', line: 3, column: 11 }],
      output: `${SR}async function f() {\n  const { answerConfirmationRequiredEnabled: answerConfirmationEnabled } = await (await fetch(SR)).json();\n}`,
    },
    {
      code: `${SR}async function f() {\n  const ws = await (await fetch(SR)).json();\n  if (ws?.['answerConfirmationEnabled']) ring();\n}`,
      errors: [{ messageId: 'renamed', line: 4, column: 12 }],
      output: `${SR}async function f() {\n  const ws = await (await fetch(SR)).json();\n  if (ws?.['answerConfirmationRequiredEnabled']) ring();\n}`,
    },
    // A property the file's own types declare: renaming it here alone would break its references in other files
    // (and renaming its uses without it breaks them here), so ESLint offers the rename as a suggestion and points
    // to the codemod, which renames it project-wide.
    {
      // Declared beside the endpoint but sent nowhere: likely, so a suggestion and no autofix.
      code: SR + 'interface SimRing {\n  answerConfirmationEnabled: boolean;\n}',
      errors: [
        {
          messageId: 'renamed',
          line: 3,
          column: 3,
          suggestions: [{ messageId: 'suggestLikelyFix', output: SR + 'interface SimRing {\n  answerConfirmationRequiredEnabled: boolean;\n}' }],
        },
      ],
      output: null,
    },
    {
      code: SR + 'interface SimRing {\n  answerConfirmationEnabled: boolean;\n}\nexport const on = (r: SimRing) => r.answerConfirmationEnabled;',
      errors: [
        {
          messageId: 'renamed',
          line: 3,
          suggestions: [{ messageId: 'suggestLikelyFix', output: SR + 'interface SimRing {\n  answerConfirmationRequiredEnabled: boolean;\n}\nexport const on = (r: SimRing) => r.answerConfirmationEnabled;' }],
        },
        {
          messageId: 'renamed',
          line: 5,
          suggestions: [{ messageId: 'suggestLikelyFix', output: SR + 'interface SimRing {\n  answerConfirmationEnabled: boolean;\n}\nexport const on = (r: SimRing) => r.answerConfirmationRequiredEnabled;' }],
        },
      ],
      output: null,
    },
    {
      code: `${SR}class Ring {\n  answerConfirmationEnabled = false;\n  save() { return fetch(SR, { method: 'PUT' }); }\n}`,
      filename: 'file.js',
      errors: [
        {
          messageId: 'renamedDeclared',
          line: 3,
          column: 3,
          suggestions: [{ messageId: 'suggestRenameHere', output: `${SR}class Ring {\n  answerConfirmationRequiredEnabled = false;\n  save() { return fetch(SR, { method: 'PUT' }); }\n}` }],
        },
      ],
      output: null,
    },
    {
      code: `${SR}interface SimRing {\n  answerConfirmationEnabled?: boolean;\n  answerConfirmationRequiredEnabled?: boolean;\n}\nconst body: SimRing = {};\n${PUT}`,
      errors: [{ messageId: 'renamedBoth', line: 3, column: 3 }],
      output: null,
    },
    {
      code: `${SR}fetch(SR, { method: 'PUT', body: JSON.stringify({ answerConfirmationEnabled: true, answerConfirmationRequiredEnabled: true }) });`,
      errors: [{ messageId: 'renamedBoth', line: 2, column: 51 }],
      output: null,
    },
    {
      // Likely: the file calls the API through a path that cannot be resolved; the rename is a suggestion only.
      code: "const call = (path: string, body: unknown) => fetch(`https://webexapis.com/v1${path}`, { method: 'PUT', body: JSON.stringify(body) });\nexport const settings = { answerConfirmationEnabled: true };",
      errors: [
        {
          messageId: 'renamed',
          line: 2,
          column: 27,
          suggestions: [{ messageId: 'suggestLikelyFix', output: "const call = (path: string, body: unknown) => fetch(`https://webexapis.com/v1${path}`, { method: 'PUT', body: JSON.stringify(body) });\nexport const settings = { answerConfirmationRequiredEnabled: true };" }],
        },
      ],
      output: null,
    },
  ],
});
