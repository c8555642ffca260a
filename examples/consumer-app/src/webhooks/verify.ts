import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { requireEnv } from '../config.js';

/**
 * Express middleware: rejects deliveries whose signature does not match the shared secret
 * configured when the webhook was registered (see register.ts).
 */
export function verifyWebexSignature(req: Request, res: Response, next: NextFunction): void {
  const secret = requireEnv('WEBEX_WEBHOOK_SECRET');
  const received = req.get('X-Spark-Signature');
  const expected = createHmac('sha1', secret).update(JSON.stringify(req.body)).digest('hex');
  if (received !== expected) {
    res.status(401).json({ error: 'bad signature' });
    return;
  }
  next();
}

/** Newer verifier for the SHA-256 header; used by the calling events receiver. */
export function hasValidSha256Signature(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  const match = /SHA-256=([0-9a-f]+)/i.exec(header ?? '');
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(match[1], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
