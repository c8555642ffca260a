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
  ],
});
