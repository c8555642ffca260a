import { webexClient } from '../lib/webex.js';

interface Webhook {
  id: string;
  name: string;
  targetUrl: string;
  resource: string;
  event: string;
  filter?: string;
}

const TARGET = 'https://ops.acme.example/webhooks';

/** Idempotently (re)creates the webhooks this service listens to. */
export async function registerWebhooks(frontDeskNumber: string): Promise<void> {
  const api = webexClient();
  const { data } = await api.get<{ items: Webhook[] }>('/webhooks');
  for (const hook of data.items.filter((h) => h.targetUrl.startsWith(TARGET))) {
    await api.delete(`/webhooks/${hook.id}`);
  }

  await api.post('/webhooks', {
    name: 'acme messages',
    targetUrl: `${TARGET}/messages`,
    resource: 'messages',
    event: 'created',
    secret: process.env.WEBEX_WEBHOOK_SECRET,
  });

  await api.post('/webhooks', {
    name: 'acme front desk calls',
    targetUrl: `${TARGET}/calls`,
    resource: 'telephony_calls',
    event: 'created',
    filter: `address=${frontDeskNumber}`,
    secret: process.env.WEBEX_WEBHOOK_SECRET,
  });

  await api.post('/webhooks', {
    name: 'acme batch jobs',
    targetUrl: `${TARGET}/jobs`,
    resource: 'adminBatchJobs',
    event: 'statusChanged',
  });
}
