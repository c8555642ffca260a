import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'webhook-signature-sha1';
ruleTester().run(id, rule(id), {
  valid: [
    // SHA-256 with a constant-time compare.
    "const given = req.headers['x-webex-signature'];\nconst d = createHmac('sha256', s).update(raw).digest('hex');\nconst ok = timingSafeEqual(Buffer.from(d), Buffer.from(given));",
    // A SHA-1 HMAC that is returned (signing an outgoing request), in a file with the header name.
    "const NAME = 'X-Spark-Signature';\nexport const sign = (b, k) => createHmac('sha1', k).update(b).digest('hex');",
    // Presence checks of the header are not signature comparisons.
    "const sig = req.headers['x-spark-signature'];\nif (sig === undefined || sig === '') throw new Error('unsigned');",
    // No platform header in the file: someone else's webhook.
    "const ok = createHmac('sha1', k).update(raw).digest('hex') === req.headers['x-hub-signature'];",
    // Web Crypto signing for an outgoing delivery (a simulator): the hex digest goes into a header, not a compare.
    "export async function deliver(body: string, secret: string) {\n  const algo = { name: 'HMAC', hash: 'SHA-256' };\n  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), algo, false, ['sign']);\n  const mac = await crypto.subtle.sign(algo, key, new TextEncoder().encode(body));\n  const hex = toHex(mac);\n  if (hex.length === 0) throw new Error('empty');\n  return fetch(url, { method: 'POST', headers: { 'X-Spark-Signature': hex }, body });\n}",
  ],
  invalid: [
    {
      code: "const sig = req.headers['x-spark-signature'];\nconst d = createHmac('sha1', s).update(raw).digest('hex');\nif (d !== sig) throw new Error();",
      errors: [
        { messageId: 'sha1Signature', line: 2, column: 22 },
        { messageId: 'nonConstantTimeCompare', line: 3, column: 5 },
      ],
    },
    {
      code: "function verifySignature(raw, signature, secret) {\n  return crypto.createHmac('sha256', secret).update(raw).digest('hex') == signature;\n}\nconst HEADER = 'X-Webex-Signature';",
      errors: [{ messageId: 'nonConstantTimeCompare', line: 2, column: 10 }],
    },
    {
      // Web Crypto: the result of subtle.sign turned into hex by a local helper and compared with `===`.
      code: "// signature: the X-Spark-Signature header\nexport const validateWebhook = async (body: string, secret: string, signature: string) => {\n  const algo = { name: 'HMAC', hash: 'SHA-256' };\n  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), algo, false, ['sign']);\n  const mac = await crypto.subtle.sign(algo, key, new TextEncoder().encode(body));\n  const hex = bufferToHex(mac);\n  return hex === signature;\n};",
      errors: [{ messageId: 'nonConstantTimeCompare', line: 7, column: 10 }],
    },
    {
      // Buffer.from(await subtle.sign(...)).toString('hex') compared directly.
      code: "export async function check(req: Request, key: CryptoKey, raw: ArrayBuffer) {\n  const given = req.headers.get('X-Spark-Signature');\n  return Buffer.from(await crypto.subtle.sign('HMAC', key, raw)).toString('hex') == given;\n}",
      errors: [{ messageId: 'nonConstantTimeCompare', line: 3, column: 10 }],
    },
  ],
});
