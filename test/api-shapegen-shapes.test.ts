/**
 * The shape generator's most common misses (thirtieth session, branch `shapegen`; test/shape-gen.test.ts), each
 * fixed by a general mechanism and pinned here by a minimal case and its look-alikes (synthesized code):
 * - `super.request(url, opts)` in a subclass whose base class (another module) makes the request: the base's
 *   method runs, also when the subclass has its own method of that name;
 * - a wrapper of another module that merges its caller's options with `Object.assign({}, DEFAULTS, opts)`: the
 *   caller's method and body go with the request, as with `{ ...DEFAULTS, ...opts }`;
 * - an API origin held by an imported `Object.freeze({ ... })` object or a TypeScript enum member (`Api.Base`):
 *   its value is read, so another vendor's origin stays quiet and the platform's is certain.
 */
import { describe, expect, it } from 'vitest';
import { projectScanner } from './helpers/temp-project.js';

const scan = projectScanner('cm-shapegen-shapes-');

const GET_CT = 'get-request-content-type';
const TOKEN_FORM = 'token-endpoint-form-body';

describe('`super.method(...)` reaching a base class of another module', () => {
  const BASE = 'export class Base {\n  request(url, opts) {\n    return fetch(url, opts);\n  }\n}\n';
  const sub = (method: string, body: string) => `import { Base } from './base.js';\n\nclass Api extends Base {\n  ${method}(url, opts) {\n    return ${body};\n  }\n}\n\nexport const api = new Api();\n`;
  const caller = (via: string, host = 'webexapis.com', ct = "'Content-Type': 'application/json'") =>
    `import { api } from './api.js';\n\nexport function people(email, token) {\n  return api.${via}(\`https://${host}/v1/people?email=\${email}\`, {\n    method: 'GET',\n    headers: {\n      ${ct},\n      Authorization: \`Bearer \${token}\`,\n    },\n  });\n}\n`;
  it("a subclass's `send` that calls `super.request(url, opts)`: the caller's GET header is found at its line", () => {
    const files = { 'base.js': BASE, 'api.js': sub('send', 'super.request(url, opts)'), 'a.js': caller('send') };
    expect(scan(files, 'a.js', GET_CT)).toEqual([`${GET_CT} 7 certain`]);
  });
  it('an override of the same name that calls `super.request(...)` (the base method runs)', () => {
    const files = { 'base.js': BASE, 'api.js': sub('request', "super.request(url, { ...opts, cache: 'no-store' })"), 'a.js': caller('request') };
    expect(scan(files, 'a.js', GET_CT)).toEqual([`${GET_CT} 7 certain`]);
  });
  it('look-alikes: another vendor; no Content-Type; a base method that makes no request', () => {
    expect(scan({ 'base.js': BASE, 'api.js': sub('send', 'super.request(url, opts)'), 'a.js': caller('send', 'api.example.com') }, 'a.js', GET_CT)).toEqual([]);
    expect(scan({ 'base.js': BASE, 'api.js': sub('send', 'super.request(url, opts)'), 'a.js': caller('send', 'webexapis.com', "Accept: 'application/json'") }, 'a.js', GET_CT)).toEqual([]);
    const quiet = 'export class Base {\n  request(url, opts) {\n    return { url, opts };\n  }\n}\n';
    expect(scan({ 'base.js': quiet, 'api.js': sub('send', 'super.request(url, opts)'), 'a.js': caller('send') }, 'a.js', GET_CT)).toEqual([]);
  });
});

describe('a wrapper of another module merging its options with `Object.assign({}, DEFAULTS, opts)`', () => {
  const wrapper = (merge: string) =>
    `const DEFAULTS = {\n  headers: {\n    'Content-Type': 'application/json',\n  },\n};\n\nexport function send(url, opts) {\n  return fetch(url, ${merge});\n}\n`;
  const caller = (body: string, host = 'webexapis.com') =>
    `import { send } from './send.js';\n\nexport function refresh(token) {\n  return send('https://${host}/v1/access_token', {\n    method: 'POST',\n    body: ${body},\n  });\n}\n`;
  const JSON_BODY = "JSON.stringify({ grant_type: 'refresh_token', refresh_token: token })";
  it("the caller's JSON body to the token endpoint is found at its `body:`", () => {
    expect(scan({ 'send.js': wrapper('{ ...DEFAULTS, ...opts }'), 'a.js': caller(JSON_BODY) }, 'a.js', TOKEN_FORM)).toEqual([`${TOKEN_FORM} 6 certain`]);
    expect(scan({ 'send.js': wrapper('Object.assign({}, DEFAULTS, opts)'), 'a.js': caller(JSON_BODY) }, 'a.js', TOKEN_FORM)).toEqual([`${TOKEN_FORM} 6 certain`]);
    // The same through a local holding the merge.
    const held = "const DEFAULTS = { headers: { 'Content-Type': 'application/json' } };\n\nexport function send(url, opts) {\n  const init = Object.assign({}, DEFAULTS, opts);\n  return fetch(url, init);\n}\n";
    expect(scan({ 'send.js': held, 'a.js': caller(JSON_BODY) }, 'a.js', TOKEN_FORM)).toEqual([`${TOKEN_FORM} 6 certain`]);
  });
  it('look-alikes: a form body; another vendor; a merge whose last part is not the caller\'s (`Object.assign({}, opts, FIXED)`)', () => {
    expect(scan({ 'send.js': wrapper('Object.assign({}, DEFAULTS, opts)'), 'a.js': caller("new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token })") }, 'a.js', TOKEN_FORM)).toEqual([]);
    expect(scan({ 'send.js': wrapper('Object.assign({}, DEFAULTS, opts)'), 'a.js': caller(JSON_BODY, 'api.example.com') }, 'a.js', TOKEN_FORM)).toEqual([]);
    // The wrapper's own last part sends a form body whatever the caller gives.
    const fixed = wrapper("Object.assign({}, opts, { body: new URLSearchParams({ grant_type: 'client_credentials' }) })");
    expect(scan({ 'send.js': fixed, 'a.js': caller(JSON_BODY) }, 'a.js', TOKEN_FORM)).toEqual([]);
  });
});

describe('an API origin from an imported frozen object or enum member', () => {
  const send = 'export function send(url, opts) {\n  return fetch(url, opts);\n}\n';
  const caller = (ext: string, origin: string) =>
    `import { send } from './send.js';\nimport { Api } from './config${ext}';\n\nexport function people(email) {\n  return send(\`\${${origin}}/people?email=\${email}\`, {\n    method: 'GET',\n    headers: {\n      'Content-Type': 'application/json',\n    },\n  });\n}\n`;
  const frozen = (host: string) => `export const Api = Object.freeze({\n  Base: 'https://${host}/v1',\n});\n`;
  const enumOf = (host: string) => `export enum Api {\n  Base = 'https://${host}/v1',\n  Other = 'https://example.org',\n}\n`;
  it('the platform origin is certain (frozen object, enum)', () => {
    expect(scan({ 'send.js': send, 'config.js': frozen('webexapis.com'), 'a.js': caller('.js', 'Api.Base') }, 'a.js', GET_CT)).toEqual([`${GET_CT} 8 certain`]);
    expect(scan({ 'send.ts': send, 'config.ts': enumOf('webexapis.com'), 'a.ts': caller('', 'Api.Base') }, 'a.ts', GET_CT)).toEqual([`${GET_CT} 8 certain`]);
  });
  it("look-alikes: another vendor's origin (frozen object, enum); an enum member without a value", () => {
    expect(scan({ 'send.js': send, 'config.js': frozen('api.example.com'), 'a.js': caller('.js', 'Api.Base') }, 'a.js', GET_CT)).toEqual([]);
    expect(scan({ 'send.ts': send, 'config.ts': enumOf('api.example.com'), 'a.ts': caller('', 'Api.Base') }, 'a.ts', GET_CT)).toEqual([]);
    expect(scan({ 'send.ts': send, 'config.ts': enumOf('webexapis.com'), 'a.ts': caller('', 'Api.Other') }, 'a.ts', GET_CT)).toEqual([]);
  });
});
