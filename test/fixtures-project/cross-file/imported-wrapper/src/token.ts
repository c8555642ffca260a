import { webexFetch } from './lib';

export function refresh(refreshToken: string) {
  return webexFetch('/access_token', {
    method: 'POST',
    body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  });
}
