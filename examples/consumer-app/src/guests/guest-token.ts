import jwt from 'jsonwebtoken';
import { requireEnv } from '../config.js';

/**
 * Guest access for the customer support widget: mint a guest JWT with our guest issuer app,
 * then exchange it for an access token.
 */
export function mintGuestJwt(visitorId: string, displayName: string, ttlSeconds = 3600): string {
  const expiresAt = Math.floor(Date.now() / 1000) + ttlSeconds;
  const payload = {
    sub: visitorId,
    name: displayName,
    iss: requireEnv('GUEST_ISSUER_ID'),
    exp: String(expiresAt),
  };
  return jwt.sign(payload, Buffer.from(requireEnv('GUEST_ISSUER_SECRET'), 'base64'), { algorithm: 'HS256' });
}

export async function guestAccessToken(visitorId: string, displayName: string): Promise<string> {
  const guestJwt = mintGuestJwt(visitorId, displayName);
  const res = await fetch('https://webexapis.com/v1/jwt/login', {
    method: 'POST',
    headers: { Authorization: `Bearer ${guestJwt}` },
  });
  if (!res.ok) throw new Error(`guest login failed: ${res.status}`);
  const { token } = (await res.json()) as { token: string; expiresIn: number };
  return token;
}
