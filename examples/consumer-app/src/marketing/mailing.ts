/** Newsletter subscribers (listmonk), used to invite customers to the webinar series. */
import { config } from '../config.js';

interface Subscriber {
  id: number;
  email: string;
  name: string;
  status: 'enabled' | 'blocklisted';
}

export async function findSubscriber(email: string, apiToken: string): Promise<Subscriber | undefined> {
  const query = new URLSearchParams({ query: `subscribers.email = '${email}'`, filter: `address=${email}` });
  const res = await fetch(`${config.mailing.baseUrl}/subscribers?${query}`, {
    headers: { Authorization: `Basic ${apiToken}` },
  });
  const { data } = (await res.json()) as { data: { results: Subscriber[] } };
  return data.results[0];
}

export async function createSegment(name: string, apiToken: string): Promise<void> {
  await fetch(`${config.mailing.baseUrl}/segments`, {
    method: 'POST',
    headers: { Authorization: `Basic ${apiToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, resource: 'subscribers', event: 'created', filter: 'address=*@acme.example' }),
  });
}
