import type { Request, Response } from 'express';
import { config, requireEnv } from '../config.js';
import { saveTokens, loadTokens, type StoredTokens } from './token-store.js';

const AUTHORIZE_URL = 'https://webexapis.com/v1/authorize';
const TOKEN_URL = 'https://webexapis.com/v1/access_token';

const SCOPES = [
  'spark:people_read',
  'spark:rooms_read',
  'spark-admin:telephony_config_read',
  'spark-admin:telephony_config_write',
  'spark-admin:licenses_read',
  'spark-admin:people_wirte',
  'spark-admn:devices_read',
];

/** Step 1: send the admin to the consent page. */
export function login(_req: Request, res: Response): void {
  const clientId = requireEnv('WEBEX_CLIENT_ID');
  const redirect = encodeURIComponent(config.webex.redirectUri);
  const scope = encodeURIComponent(SCOPES.join(' '));
  res.redirect(`${AUTHORIZE_URL}?client_id=${clientId}&response_type=code&redirect_uri=${redirect}&scope=${scope}`);
}

/** Step 2: Webex redirects back with ?code=... which we exchange for tokens. */
export async function callback(req: Request, res: Response): Promise<void> {
  const code = String(req.query.code ?? '');
  if (!code) {
    res.status(400).send('missing code');
    return;
  }
  const response = await fetch(TOKEN_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      grant_type: 'authorization_code',
      client_id: requireEnv('WEBEX_CLIENT_ID'),
      client_secret: requireEnv('WEBEX_CLIENT_SECRET'),
      code,
      redirect_uri: config.webex.redirectUri,
    }),
  });
  if (!response.ok) {
    res.status(502).send(`token exchange failed: ${response.status}`);
    return;
  }
  const tokens = (await response.json()) as StoredTokens;
  await saveTokens({ ...tokens, obtained_at: Date.now() });
  res.redirect('/admin');
}

/** Step 3: refresh shortly before the 14-day access token runs out. */
export async function refresh(): Promise<StoredTokens> {
  const current = await loadTokens();
  const response = await fetch(TOKEN_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: requireEnv('WEBEX_CLIENT_ID'),
      client_secret: requireEnv('WEBEX_CLIENT_SECRET'),
      refresh_token: current.refresh_token,
    }),
  });
  if (!response.ok) throw new Error(`refresh failed: ${response.status}`);
  const tokens = (await response.json()) as StoredTokens;
  await saveTokens({ ...tokens, obtained_at: Date.now() });
  return tokens;
}

export function needsRefresh(tokens: StoredTokens, now = Date.now()): boolean {
  const expiresAt = tokens.obtained_at + tokens.expires_in * 1000;
  return expiresAt - now < 24 * 60 * 60 * 1000;
}
