// AWS Lambda behind API Gateway (payload format 1.0): the raw header map keeps the sender's case.
import { createHmac } from 'node:crypto';

interface ApiGatewayEvent {
  headers: Record<string, string | undefined>;
  body: string | null;
  isBase64Encoded: boolean;
}

interface ApiGatewayResult {
  statusCode: number;
  body: string;
}

export async function handler(event: ApiGatewayEvent): Promise<ApiGatewayResult> {
  const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : event.body ?? '';
  const signature = event.headers['X-Spark-Signature'];
  const digest = createHmac('sha1', process.env.WEBEX_WEBHOOK_SECRET ?? '').update(raw).digest('hex');
  if (digest == signature) {
    const delivery = JSON.parse(raw) as { resource: string; event: string; data: Record<string, unknown> };
    console.log('delivery', delivery.resource, delivery.event);
    return { statusCode: 200, body: 'ok' };
  }
  return { statusCode: 401, body: 'invalid signature' };
}
