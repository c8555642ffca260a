// GitHub integration: OAuth app login, REST calls with the classic token scheme, and webhook verification.
import { createHmac, timingSafeEqual } from 'node:crypto';

const CLIENT_ID = process.env.GH_CLIENT_ID;

export function authorizeUrl() {
  return `https://github.com/login/oauth/authorize?client_id=${CLIENT_ID}&scope=repo%20read:org&response_type=token`;
}

export async function exchange(code) {
  const res = await fetch('https://github.com/login/oauth/access_token', {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_id: CLIENT_ID, client_secret: process.env.GH_SECRET, code }),
  });
  return res.json();
}

export async function repos(token) {
  const res = await fetch('https://api.github.com/user/repos?per_page=100', {
    method: 'GET',
    headers: { Authorization: `token ${token}`, 'Content-Type': 'application/json' },
  });
  return res.json();
}

export function verify(event) {
  const sig = event.headers['X-Hub-Signature'] ?? '';
  const mine = 'sha1=' + createHmac('sha1', process.env.GH_HOOK_SECRET).update(event.body).digest('hex');
  return sig.length === mine.length && timingSafeEqual(Buffer.from(sig), Buffer.from(mine));
}

export const SCOPES = ['repo', 'read:org', 'admin:repo_hook', 'workflow'];
