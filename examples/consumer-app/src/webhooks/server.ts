import express from 'express';
import pino from 'pino';
import { verifyWebexSignature, hasValidSha256Signature } from './verify.js';
import { callback, login } from '../auth/oauth.js';
import { requireEnv } from '../config.js';

const log = pino({ name: 'webhooks' });
const app = express();

app.get('/oauth/login', login);
app.get('/oauth/callback', callback);

// Messages and memberships: classic JSON body, verified by the middleware.
app.post('/webhooks/messages', express.json(), verifyWebexSignature, (req, res) => {
  const { resource, event, data } = req.body as { resource: string; event: string; data: { id: string; roomId: string } };
  log.info({ resource, event, roomId: data.roomId }, 'message event');
  res.sendStatus(204);
});

// Calling events: raw body so the SHA-256 signature can be checked over the exact bytes.
app.post('/webhooks/calls', express.raw({ type: 'application/json' }), (req, res) => {
  const ok = hasValidSha256Signature(req.body as Buffer, req.header('x-webex-signature'), requireEnv('WEBEX_WEBHOOK_SECRET'));
  if (!ok) {
    res.sendStatus(401);
    return;
  }
  const delivery = JSON.parse((req.body as Buffer).toString('utf8')) as { resource: string; event: string; data: { callId: string; personality: string } };
  log.info({ event: delivery.event, callId: delivery.data.callId }, 'call event');
  res.sendStatus(204);
});

app.listen(Number(process.env.PORT ?? 8080), () => log.info('listening'));
