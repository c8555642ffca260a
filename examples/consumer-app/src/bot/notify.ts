/** Posts operational alerts (trunk down, export failed) into the NOC space. */
import { requireEnv } from '../config.js';

const MESSAGES_URL = 'https://api.ciscospark.com/v1/messages';

export async function postAlert(markdown: string): Promise<void> {
  const res = await fetch(MESSAGES_URL, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${requireEnv('WEBEX_BOT_TOKEN')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: JSON.stringify({ roomId: requireEnv('NOC_ROOM_ID'), markdown }),
  });
  if (!res.ok) console.error(`alert not delivered: ${res.status}`);
}
