import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'guest-issuer-end-of-life';
const header = "import jwt from 'jsonwebtoken';\n";
ruleTester().run(id, rule(id), {
  valid: [
    // The replacement's scopes.
    "const scopes = 'guest-issuer:read guest-issuer:write';",
    // A plain secret, and a base64 key without guest claims.
    { code: header + "jwt.sign({ sub, name, iss }, process.env.SECRET);", filename: 'file.ts' },
    { code: header + "jwt.sign({ hookId }, Buffer.from(k, 'base64'));", filename: 'file.ts' },
    // Our own route called /jwt/login.
    "app.post('/jwt/login', (req, res) => res.end());",
    "router.get('/jwt/login', handler);",
    // An app's own createJwt (not the SDK's authorization plugin).
    "const token = await auth.createJwt({ userId });",
    "const token = createJwt(claims);",
  ],
  invalid: [
    {
      // The JavaScript SDK signs the guest token with the issuer secret (webex.authorization.createJwt).
      code: "webex.authorization.createJwt({ issuer, secretId, displayName })\n  .then(({ jwt }) => jwt);",
      errors: [{ messageId: 'guestTokenSigned', line: 1, column: 21 }],
    },
    {
      code: header + "const t = jwt.sign({ sub: u, name: n, iss: GUEST_ISSUER }, Buffer.from(secret, 'base64'));",
      filename: 'file.ts',
      errors: [{ messageId: 'guestTokenSigned', line: 2, column: 11 }],
    },
    {
      code: "await fetch('https://webexapis.com/v1/jwt/login', { method: 'POST' });",
      errors: [{ messageId: 'guestLoginCall', line: 1, column: 13 }],
    },
    {
      code: "const LOGIN = new URL('jwt/login', 'https://webexapis.com/v1/');",
      errors: [{ messageId: 'guestLoginCall', line: 1, column: 15 }],
    },
    {
      code: "const r = await axios.post(`${base}/jwt/login`, null, { headers });",
      errors: [{ messageId: 'guestLoginCall', line: 1, column: 28 }],
    },
  ],
});

ruleTester().run(`${id} (client base URL)`, rule(id), {
  valid: [
    // The app's own backend, relative to the page.
    "await fetch('/jwt/login', { method: 'POST' });",
    "const own = axios.create({ baseURL: 'https://auth.example.com' }); await own.post('/jwt/login', {});",
  ],
  invalid: [
    {
      code: "const api = axios.create({ baseURL: 'https://webexapis.com/v1' });\nawait api.post('/jwt/login', null, { headers });",
      errors: [{ messageId: 'guestLoginCall', line: 2, column: 16 }],
    },
  ],
});

ruleTester().run(`${id} (other login routes)`, rule(id), {
  valid: [
    // fastapi-users style `/auth/jwt/login` on some backend, absolute or relative.
    "await fetch(`${BACKEND_URL}/auth/jwt/login`, { method: 'POST', body });",
    "await fetch('http://localhost:5001/auth/jwt/login', { method: 'POST' });",
    "await client.post('/v1/auth/jwt/login', body);",
  ],
  invalid: [
    {
      code: "const options = { method: 'POST', url: 'https://api.ciscospark.com/v1/jwt/login' };",
      errors: [{ messageId: 'guestLoginCall', line: 1, column: 40 }],
    },
    {
      code: "await got.post(`${process.env.WEBEX_API}/v1/jwt/login`);",
      errors: [{ messageId: 'guestLoginCall', line: 1, column: 16 }],
    },
  ],
});

ruleTester().run(`${id} (SDK exchange and shorthand claims)`, rule(id), {
  valid: [
    // The SDK's other authorization calls.
    "await webex.authorization.requestAccessTokenFromCode({ code });",
  ],
  invalid: [
    {
      code: "await webex.authorization.requestAccessTokenFromJwt({ jwt: guestJwt });",
      errors: [{ messageId: 'guestLoginCall', line: 1, column: 27 }],
    },
    {
      code: "const ready = webex.authorization\n  .requestAccessTokenFromJwt({ jwt })\n  .then(() => webex.canAuthorize);",
      errors: [{ messageId: 'guestLoginCall', line: 2, column: 4 }],
    },
    {
      code: "const jwt = require('jsonwebtoken');\nmodule.exports = function ({ sub, name }) {\n  const payload = { sub, name, iss: process.env.GUEST_ISSUER_ID };\n  const secret = Buffer.from(process.env.GUEST_ISSUER_SECRET, 'base64');\n  return jwt.sign(payload, secret, { expiresIn: '1h' });\n};",
      errors: [{ messageId: 'guestTokenSigned', line: 5, column: 10 }],
    },
  ],
});

ruleTester().run(`${id} (jsrsasign)`, rule(id), {
  valid: [
    // An RS256 service token without guest claims.
    "const t = KJUR.jws.JWS.sign('RS256', { alg: 'RS256' }, { aud: 'api', scope: 'read' }, privateKey);",
    // Guest-like claims, an RS256 alg (not an issuer secret's HMAC).
    "const t = KJUR.jws.JWS.sign('RS256', '{}', { sub: u, name: n, iss: i }, { b64: k });",
    // A plain secret, as for jwt.sign.
    "const t = KJUR.jws.JWS.sign('HS256', '{\"alg\":\"HS256\"}', JSON.stringify({ sub: u, name: n, iss: i }), 'secret');",
    "const t = KJUR.jws.JWS.sign('HS256', header, { sub: u, name: n, iss: i }, { utf8: secret });",
    // A base64 key and no guest claims; verifying.
    "const t = KJUR.jws.JWS.sign('HS256', header, { hookId }, { b64: k });",
    "const ok = KJUR.jws.JWS.verify(token, { b64: k }, ['HS256']);",
  ],
  invalid: [
    {
      code: "const t = KJUR.jws.JWS.sign('HS256', sHeader, { sub: u, name: n, iss: i }, { b64: secretKey });",
      errors: [{ messageId: 'guestTokenSigned', line: 1, column: 11 }],
    },
    {
      // The payload as JSON, the alg in the header, jsrsasign's other spellings, a hex key from the base64 secret.
      code: "const t = rs.KJUR.jws.JWS.sign(null, JSON.stringify({ alg: 'HS256' }), '{\"sub\":\"g\",\"iss\":\"x\"}', { hex: b64tohex(s) });\nconst u = JWS.sign('HS512', h, JSON.stringify({ name: n, iss: i }), { b64: s });",
      errors: [
        { messageId: 'guestTokenSigned', line: 1, column: 11 },
        { messageId: 'guestTokenSigned', line: 2, column: 11 },
      ],
    },
    {
      // The claims passed in by a caller: reported where they are passed.
      code: "const token = generate(\n  { sub: id, name: displayName, iss: cfg.guestId },\n  cfg.guestSecret,\n);\nfunction generate(payload, secretKey) {\n  return KJUR.jws.JWS.sign(null, { alg: 'HS256', typ: 'JWT' }, payload, { b64: secretKey });\n}",
      errors: [{ messageId: 'guestTokenSigned', line: 1, column: 15 }],
    },
  ],
});
