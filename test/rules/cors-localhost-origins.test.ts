import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'cors-localhost-origins';
const code = "export const rooms = () => fetch('https://webexapis.com/v1/rooms');";
ruleTester().run(id, rule(id), {
  valid: [
    { code, filename: 'server/rooms.ts' },
    { code: "fetch('/api/rooms'); document.title = 'x';", filename: 'src/web/rooms.ts' },
    // A folder's name alone is not evidence that a file runs in a browser (issue 26, shape 7).
    { code, filename: 'src/web/rooms.ts' },
  ],
  invalid: [
    { code: `${code}\nwindow.addEventListener('load', rooms);`, filename: 'src/rooms.ts', errors: [{ messageId: 'browserCallsApi', line: 1, column: 34 }] },
    {
      // A wrapper's one fetch is reported, not each of its calls.
      code: "const BASE = 'https://webexapis.com/v1';\nconst call = (path: string) => fetch(BASE + path);\ncall('/rooms');\ncall('/people/me');\ndocument.title = 'rooms';",
      filename: 'src/api.ts',
      errors: [{ messageId: 'browserCallsApi', line: 2, column: 38 }],
    },
  ],
});
