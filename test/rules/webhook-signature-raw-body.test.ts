import { rule, ruleTester } from '../helpers/rule-tester.js';

const id = 'webhook-signature-raw-body';
const verify = (input: string) =>
  `const sig = req.headers['x-spark-signature'];\nconst h = crypto.createHmac('sha256', secret).update(${input}).digest('hex');\nif (!crypto.timingSafeEqual(Buffer.from(h), Buffer.from(sig))) throw new Error('bad');`;

ruleTester().run(id, rule(id), {
  valid: [
    verify('req.rawBody'),
    verify('rawBody'),
    // HMAC over JSON that is never compared: signing, not verifying.
    "const sig = 'X-Spark-Signature'; const out = { [sig]: crypto.createHmac('sha1', k).update(JSON.stringify(body)).digest('hex') };",
    // No signature header in the file.
    "const ok = crypto.createHmac('sha1', k).update(JSON.stringify(body)).digest('hex') === given;",
  ],
  invalid: [
    {
      code: verify('JSON.stringify(req.body)'),
      errors: [{ messageId: 'reserialisedBody', line: 2, column: 54 }],
    },
    {
      code: "function check(req) {\n  const body = JSON.stringify(req.body);\n  const d = createHmac('sha1', s).update(body).digest('hex');\n  return d === req.headers['x-spark-signature'];\n}",
      errors: [{ messageId: 'reserialisedBody', line: 3, column: 42 }],
    },
  ],
});
