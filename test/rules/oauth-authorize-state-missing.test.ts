import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'oauth-authorize-state-missing';
ruleTester().run(id, rule(id), {
  valid: [
    "const u = `https://webexapis.com/v1/authorize?response_type=code&client_id=${id}&scope=spark%3Aall&state=${state}`;",
    "const p = new URLSearchParams({ response_type: 'code', client_id: id, state });\nconst u = `https://webexapis.com/v1/authorize?${p}`;",
    // Other providers: Auth0 on an unknown domain, GitHub.
    "const u = `https://${domain}/authorize?response_type=token&client_id=${id}`;",
    "const u = 'https://github.com/login/oauth/authorize?client_id=x';",
    // A query we cannot see, and a bare base URL.
    "const u = `https://webexapis.com/v1/authorize?${query}`; const base = 'https://webexapis.com/v1/authorize';",
    // A URL object whose query is replaced wholesale.
    "const u = new URL('https://webexapis.com/v1/authorize'); u.searchParams.set('client_id', id); u.search = qs;",
    // A prefix without client_id is completed elsewhere.
    "const PROVIDERS = { WEBEX: `https://webexapis.com/v1/authorize?response_type=code` };",
  ],
  invalid: [
    {
      code: "const u = `https://webexapis.com/v1/authorize?response_type=code&client_id=${id}`;",
      errors: [{ messageId: 'missingParameter', line: 1, column: 11 }],
    },
    {
      // A prefix's values are still judged.
      code: "const PROVIDERS = { WEBEX: 'https://webexapis.com/v1/authorize?response_type=token' };",
      errors: [{ messageId: 'wrongParameterValue', line: 1, column: 28 }],
    },
    {
      code: "const u = 'https://webexapis.com/v1/authorize?response_type=token&client_id=' + id + '&state=' + s;",
      errors: [{ messageId: 'wrongParameterValue', line: 1, column: 11 }],
    },
    {
      code: "const BASE = 'https://webexapis.com/v1';\nconst p = new URLSearchParams({ response_type: 'code', client_id: id });\nlocation.href = `${BASE}/authorize?${p}`;",
      errors: [{ messageId: 'missingParameter', line: 3, column: 17 }],
    },
    {
      code: "const u = new URL('/v1/authorize', 'https://webexapis.com');\nu.searchParams.set('response_type', 'code');\nu.searchParams.set('client_id', id);",
      errors: [{ messageId: 'missingParameter', line: 1, column: 11 }],
    },
  ],
});
