import { describe, expect, it } from 'vitest';
import { analyzeFile } from '../../engine/analyze.js';
import { loadCatalog } from '../../engine/catalog/catalog.js';
import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'token-endpoint-required-parameters';
const url = "'https://webexapis.com/v1/access_token'";

ruleTester().run(id, rule(id), {
  valid: [
    `fetch(${url}, { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code', client_id, client_secret, code, redirect_uri }) });`,
    `fetch(${url}, { method: 'POST', body: new URLSearchParams({ grant_type: 'refresh_token', client_id, client_secret, refresh_token }) });`,
    // Another provider's /access_token.
    "fetch('https://github.com/login/oauth/access_token', { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code', code }) });",
    // Unknown parts: not judged.
    `fetch(${url}, { method: 'POST', body: new URLSearchParams({ ...params, grant_type: 'refresh_token' }) });`,
  ],
  invalid: [
    {
      code: `fetch(${url}, { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code', client_id, client_secret, code }) });`,
      errors: [{ messageId: 'fieldMissing', line: 1, column: 7 }],
    },
    {
      code: `fetch(${url}, { method: 'POST', body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token }) });`,
      errors: [{ messageId: 'fieldMissing', line: 1, column: 7 }],
    },
    {
      code: `fetch(${url}, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', client_id, client_secret }) });`,
      errors: [{ messageId: 'fieldValue', line: 1 }],
    },
  ],
});

describe(`${id}: the message names every missing parameter`, () => {
  const catalog = loadCatalog();
  const notices = [catalog.get(id)!];
  const messages = (text: string) => analyzeFile({ filename: 'a.ts', text }, { catalog, notices }).matches.map((m) => m.message);
  it('code exchange without redirect_uri; refresh without client id and secret', () => {
    expect(messages(`fetch(${url}, { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code', client_id, client_secret, code }) });`)).toEqual([
      expect.stringMatching(/^\/v1\/access_token requested without `redirect_uri`: required by the authorization code exchange\./),
    ]);
    expect(messages(`fetch(${url}, { method: 'POST', body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token }) });`)).toEqual([
      expect.stringMatching(/^\/v1\/access_token requested without `client_id`, `client_secret`: required by a refresh\./),
    ]);
    expect(messages(`fetch(${url}, { method: 'POST', body: new URLSearchParams({ grant_type: 'refresh', client_id, client_secret, refresh_token }) });`)).toEqual([
      expect.stringMatching(/^`grant_type: "refresh"` sent to \/v1\/access_token is not a grant type of the token endpoint/),
    ]);
  });
});
