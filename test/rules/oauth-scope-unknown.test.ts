import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'oauth-scope-unknown';
ruleTester().run(id, rule(id), {
  valid: [
    "const scope = ['spark:all', 'spark:kms', 'Identity:contact'].join(' ');",
    "const params = new URLSearchParams({ scope: 'spark:people_read spark:rooms_read' });",
    "const u = 'https://webexapis.com/v1/authorize?scope=spark%3Aall%20spark%3Akms&state=x';",
    // Other providers and non-OAuth scopes.
    "const github = { scope: 'read:user user:email' }; const slackScopes = ['chat:write', 'users:read'];",
    "const di = { scope: 'singleton' };",
    // Unlisted scope of a known family: only in strict mode.
    "const scope = 'spark-admin:contact_center_stats_read';",
    // The scope words outside a scope parameter.
    "const label = 'spark:mesages_write';",
  ],
  invalid: [
    {
      code: "const scope = ['spark:messages_read', 'spark-admn:people_read'].join(' ');",
      errors: [
        {
          messageId: 'unknownScope',
          line: 1,
          column: 40,
          suggestions: [{ messageId: 'suggestScope', output: "const scope = ['spark:messages_read', 'spark-admin:people_read'].join(' ');" }],
        },
      ],
    },
    {
      code: "const u = 'https://webexapis.com/v1/authorize?response_type=code&scope=spark%3Aall%20spark%3Arooms_raed&state=s';",
      errors: [
        {
          messageId: 'unknownScope',
          line: 1,
          column: 86,
          suggestions: [{ messageId: 'suggestScope', output: "const u = 'https://webexapis.com/v1/authorize?response_type=code&scope=spark%3Aall%20spark%3Arooms_read&state=s';" }],
        },
      ],
    },
    {
      code: "params.append('scope', 'spark:all+sprak-admin:licenses_read');",
      errors: [
        {
          messageId: 'unknownScope',
          line: 1,
          column: 35,
          suggestions: [{ messageId: 'suggestScope', output: "params.append('scope', 'spark:all+spark-admin:licenses_read');" }],
        },
      ],
    },
    {
      code: "const DEFAULT_SCOPES = 'spark:all spark-amdin:peoples_reads';",
      errors: [
        {
          messageId: 'unknownScopeFamily',
          line: 1,
          column: 35,
          suggestions: [{ messageId: 'suggestScope', output: "const DEFAULT_SCOPES = 'spark:all spark-admin:people_read';" }],
        },
      ],
    },
    {
      code: "const scope = 'spark-admin:contact_center_stats_read';",
      options: [{ strictScopes: true }],
      errors: [{ messageId: 'unlistedScope', line: 1, column: 16, suggestions: [] }],
    },
  ],
});
