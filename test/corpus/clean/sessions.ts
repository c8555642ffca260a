// Session cookies and an app-specific error table for a web shop.
import { randomUUID } from 'node:crypto';

export const ERRORS: Record<string, string> = {
  E1001: 'Cart is empty',
  E1002: 'Payment declined',
  E1017: 'Coupon expired',
};

export function errorMessage(code: string): string {
  switch (code) {
    case 'E1001':
      return ERRORS.E1001;
    case 'E1002':
      return ERRORS.E1002;
    default:
      return 'Unexpected error';
  }
}

interface Session {
  sid: string;
  sub: string;
  name: string;
  exp: string;
  accountStatus: string;
}

export function newSession(userId: string, name: string): Session {
  const expires = new Date(Date.now() + 3600_000);
  return { sid: randomUUID(), sub: userId, name, exp: expires.toISOString(), accountStatus: 'active' };
}

export function cookieHeader(s: Session): string {
  return `sid=${s.sid}; Expires=${new Date(s.exp).toUTCString()}; HttpOnly; Secure`;
}

export function isLocked(s: Session): boolean {
  return s.accountStatus === 'closed' || s.accountStatus === 'locked';
}
