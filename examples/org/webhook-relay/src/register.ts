/** Registers the relay for incoming calls of one number. */
export async function register(token: string, targetUrl: string, number: string): Promise<void> {
  await fetch('https://webexapis.com/v1/webhooks', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'relay', targetUrl, resource: 'telephony_calls', event: 'created', filter: `address=${number}`, secret: process.env.WEBHOOK_SECRET }),
  });
}
