import { webex } from './client';

export async function exchange(code: string) {
  const res = await webex.post('/access_token', { grant_type: 'authorization_code', code });
  return res.data;
}
