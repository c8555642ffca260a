/** Admin console sessions: an opaque id in a cookie, the record in memory. */
import { randomBytes } from 'node:crypto';
import type { Response } from 'express';

interface SessionRecord {
  sub: string;
  name: string;
  exp: string;
}

const sessions = new Map<string, SessionRecord>();

export function startSession(res: Response, userId: string, userName: string): void {
  const sid = randomBytes(24).toString('base64url');
  const expires = new Date(Date.now() + 8 * 60 * 60 * 1000);
  sessions.set(sid, { sub: userId, name: userName, exp: expires.toUTCString() });
  res.cookie('sid', sid, { httpOnly: true, secure: true, sameSite: 'lax', expires });
}

export function readSession(sid: string | undefined): SessionRecord | undefined {
  const record = sid ? sessions.get(sid) : undefined;
  if (!record || Date.parse(record.exp) < Date.now()) return undefined;
  return record;
}

/** Legacy "remember me" cookie value: JSON with a string expiry, read by the old PHP portal. */
export function rememberMeCookie(userId: string): string {
  return Buffer.from(JSON.stringify({ uid: userId, exp: String(Date.now() + 30 * 86400_000) })).toString('base64');
}
