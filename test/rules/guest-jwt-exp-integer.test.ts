import { describe, expect, it } from 'vitest';
import { analyzeFile } from '../../engine/analyze.js';
import { loadCatalog } from '../../engine/catalog/catalog.js';
import type { TypeOracle } from '../../engine/types.js';
import { rule, ruleTester } from '../helpers/rule-tester.js';
import { typedMatches } from '../helpers/typed.js';

const id = 'guest-jwt-exp-integer';
const header = "import jwt from 'jsonwebtoken';\n";

ruleTester().run(id, rule(id), {
  valid: [
    { code: header + "jwt.sign({ sub: u, name: n, iss: i, exp: Math.floor(Date.now() / 1000) + 60 }, k);", filename: 'file.ts' },
    { code: header + "jwt.sign({ sub: u, name: n, iss: i, exp: Number(expiresAt) }, k);", filename: 'file.ts' },
    { code: header + "jwt.sign({ sub: u }, k, { expiresIn: '1h' });", filename: 'file.ts' },
    // A cookie's exp string and a non-JWT object with one guest-like key.
    { code: header + "res.cookie('s', v, { exp: 'Wed, 21 Oct 2026 07:28:00 GMT' }); const c = { name: 'sid', exp: String(t) };", filename: 'file.ts' },
    // Another library's sign() is not a JWT.
    { code: "signer.sign({ exp: '1700000000' }, key);", filename: 'file.js' },
    // An app's own session JWT (sub, name, no guest issuer) in a file that does not call the API is not a guest token.
    { code: header + "jwt.sign({ sub: u, name: n, exp: String(expiresAt) }, k);", filename: 'file.ts' },
    // Integer forms of a division: rounded, truncated by `| 0`, or two literals that divide evenly.
    { code: header + "jwt.sign({ sub: u, name: n, iss: i, exp: ((Date.now() / 1000) | 0) + 60 }, k);", filename: 'file.ts' },
    { code: header + "jwt.sign({ sub: u, name: n, iss: i, exp: Math.trunc(Date.now() / 1000 + 60) }, k);", filename: 'file.ts' },
    { code: header + "jwt.sign({ sub: u, name: n, iss: i, exp: now + 3600 / 60 }, k);", filename: 'file.ts' },
    // A fractional `iat` or `nbf` is not the claim this notice concerns; a value not known to be fractional is not reported.
    { code: header + "jwt.sign({ sub: u, name: n, iss: i, iat: Date.now() / 1000, exp: expiresAt }, k);", filename: 'file.ts' },
    // An app's own session JWT with a fractional exp, in a file that does not call the API.
    { code: header + "jwt.sign({ sub: u, name: n, exp: Date.now() / 1000 + 60 }, k);", filename: 'file.ts' },
    // A fractional exp of a JWT that is no guest token, in a file that calls the API (a string there is likely).
    { code: header + "fetch('https://webexapis.com/v1/people/me');\njwt.sign({ iss: clientId, aud: tokenUrl, exp: Date.now() / 1000 + 60 }, privateKey, { algorithm: 'RS256' });", filename: 'file.ts' },
    // Mock claims with guest-like keys that nothing signs, in a file that neither calls the API nor is about guest tokens.
    { code: "export const claims = () => ({ sub: 'u1', name: 'Dr. A', iss: 'https://idp.example', exp: Date.now() / 1000 + 3600 });", filename: 'file.ts' },
    // jwt.verify/decode read tokens, they do not mint them.
    { code: header + "const p = jwt.verify(token, k); if (String(p.exp) === '0') throw new Error();", filename: 'file.ts' },
  ],
  invalid: [
    {
      code: header + "jwt.sign({ sub: u, name: n, iss: i, exp: '1700000000' }, k);",
      filename: 'file.ts',
      errors: [{ messageId: 'claimNotInteger', line: 2, column: 42 }],
      output: header + "jwt.sign({ sub: u, name: n, iss: i, exp: 1700000000 }, k);",
    },
    {
      code: header + "jwt.sign({ sub: u, name: n, iss: i, exp: String(expiresAt) }, k);",
      filename: 'file.ts',
      errors: [{ messageId: 'claimNotInteger', line: 2, column: 42 }],
      output: header + "jwt.sign({ sub: u, name: n, iss: i, exp: Math.floor(expiresAt) }, k);",
    },
    {
      // Already an integer expression: just the expression.
      code: header + "const e = Math.floor(Date.now() / 1000) + 60;\njwt.sign({ sub: u, iss: i, exp: `${e}` }, k);",
      filename: 'file.ts',
      errors: [{ messageId: 'claimNotInteger', line: 3, column: 33 }],
      output: header + "const e = Math.floor(Date.now() / 1000) + 60;\njwt.sign({ sub: u, iss: i, exp: e }, k);",
    },
    {
      code: "const { sign } = require('jsonwebtoken');\nconst payload = { sub: u, exp: t.toString() };\nsign(payload, Buffer.from(s, 'base64'));",
      filename: 'file.js',
      errors: [{ messageId: 'claimNotInteger', line: 2, column: 32 }],
      output: "const { sign } = require('jsonwebtoken');\nconst payload = { sub: u, exp: Math.floor(t) };\nsign(payload, Buffer.from(s, 'base64'));",
    },
    {
      // Guest claims without a signing call in the file; toFixed(0) rounds.
      code: "// jwt payload\nexport const claims = { sub: u, iss: i, exp: t.toFixed(0) };",
      filename: 'file.ts',
      errors: [{ messageId: 'claimNotInteger', line: 2, column: 46 }],
      output: "// jwt payload\nexport const claims = { sub: u, iss: i, exp: Math.round(t) };",
    },
    {
      // A division left unrounded: a fraction of a second most of the time; rounded down by the fix.
      code: header + "jwt.sign({ sub: u, name: n, iss: i, exp: Date.now() / 1000 + 3600 }, k);",
      filename: 'file.ts',
      errors: [{ messageId: 'claimFraction', line: 2, column: 42 }],
      output: header + "jwt.sign({ sub: u, name: n, iss: i, exp: Math.floor(Date.now() / 1000 + 3600) }, k);",
    },
    {
      // Through a local constant, signed with a base64-decoded issuer secret: the claim's value is rounded, not the constant.
      code: "const jwt = require('jsonwebtoken');\nconst expiry = new Date().getTime() / 1000 + 90 * 60;\njwt.sign({ sub: u, exp: expiry }, Buffer.from(s, 'base64'));",
      filename: 'file.js',
      errors: [{ messageId: 'claimFraction', line: 3, column: 25 }],
      output: "const jwt = require('jsonwebtoken');\nconst expiry = new Date().getTime() / 1000 + 90 * 60;\njwt.sign({ sub: u, exp: Math.floor(expiry) }, Buffer.from(s, 'base64'));",
    },
    {
      // Guest claims that no call of the file signs, in a file about guest tokens: reported.
      code: "// POST /jwt/login with the guest token\nexport const claims = () => ({ sub: 'u1', name: 'Guest', iss: issuerId, exp: Date.now() / 1000 + 3600 });",
      filename: 'file.ts',
      errors: [{ messageId: 'claimFraction', line: 2, column: 78 }],
      output: "// POST /jwt/login with the guest token\nexport const claims = () => ({ sub: 'u1', name: 'Guest', iss: issuerId, exp: Math.floor(Date.now() / 1000 + 3600) });",
    },
    {
      // A non-numeric string cannot be fixed without knowing what it meant.
      code: header + "jwt.sign({ sub: u, name: n, iss: i, exp: '1h' }, k);",
      filename: 'file.ts',
      errors: [{ messageId: 'claimNotInteger', line: 2, column: 42 }],
      output: null,
    },
  ],
});

describe(`${id} with type information`, () => {
  const catalog = loadCatalog();
  const notices = [catalog.get(id)!];
  const text = header + "declare const expiresAt: string;\njwt.sign({ sub: u, name: n, iss: i, exp: expiresAt }, k);\n";
  it('reports a string-typed exp only when the type oracle says it is a string', () => {
    const stringy: TypeOracle = { isStringLike: (n) => n.type === 'Identifier' && n.name === 'expiresAt', isNullable: () => undefined };
    const typed = analyzeFile({ filename: 'file.ts', text }, { catalog, notices, types: stringy });
    expect(typed.matches.map((m) => [m.loc.start.line, m.messageId, m.fix])).toEqual([[3, 'claimNotInteger', undefined]]);
    const untyped = analyzeFile({ filename: 'file.ts', text }, { catalog, notices });
    expect(untyped.matches).toEqual([]);
  });
});

ruleTester().run(`${id} (quoted claims, no JWT library named)`, rule(id), {
  valid: [],
  invalid: [
    {
      code: 'const payload = JSON.stringify({ "sub": id, "name": n, "iss": issuer, "exp": String(expiry) });',
      errors: [{ messageId: 'claimNotInteger', line: 1, column: 78 }],
      output: 'const payload = JSON.stringify({ "sub": id, "name": n, "iss": issuer, "exp": Math.floor(expiry) });',
    },
  ],
});

describe(`${id} with a real TypeScript program`, () => {
  const catalog = loadCatalog();
  const notices = [catalog.get(id)!];

  /** Matches (line, fixed text) with the type checker behind the TypeOracle, as typed linting does. */
  const typed = (text: string): Array<[number, string | undefined]> => typedMatches(text, catalog, notices).map((m) => [m.loc.start.line, m.fix?.[0]?.text]);
  const lib = 'declare const jwt: { sign(payload: object, key: string): string };\n';

  it('reports a string-typed exp (no fix: the string may not be numeric)', () => {
    expect(typed(`${lib}function mint(expiresAt: string) {\n  return jwt.sign({ sub: 'u', name: 'n', iss: 'i', exp: expiresAt }, 'k');\n}\n`)).toEqual([[3, undefined]]);
  });
  it('does not report a number-typed exp', () => {
    expect(typed(`${lib}function mint(expiresAt: number) {\n  return jwt.sign({ sub: 'u', name: 'n', iss: 'i', exp: expiresAt }, 'k');\n}\n`)).toEqual([]);
  });
  it('keeps an expression typed as an integer literal as is in the fix (Math.floor otherwise)', () => {
    expect(typed(`${lib}declare const fixed: 1700000000;\njwt.sign({ sub: 'u', iss: 'i', exp: String(fixed) }, 'k');\n`)).toEqual([[3, 'fixed']]);
    expect(typed(`${lib}declare const loose: number;\njwt.sign({ sub: 'u', iss: 'i', exp: String(loose) }, 'k');\n`)).toEqual([[3, 'Math.floor(loose)']]);
  });
});
