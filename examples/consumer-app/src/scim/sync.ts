/**
 * Mirrors leavers from the HR feed into Webex through SCIM 2.0 and reports accounts that Webex
 * already deactivated on its own (fraud, compliance holds).
 */
import { requireEnv } from '../config.js';

interface ScimUser {
  id: string;
  userName: string;
  active: boolean;
  name?: { givenName?: string; familyName?: string };
  'urn:scim:schemas:extension:cisco:webexidentity:2.0:User'?: { accountStatus?: string };
}

const orgId = requireEnv('SCIM_ORG_ID');
const SCIM_BASE = `https://webexapis.com/identity/scim/${orgId}/v2`;

async function scim<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${SCIM_BASE}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/scim+json', ...init.headers },
  });
  if (!res.ok) throw new Error(`SCIM ${path}: ${res.status}`);
  return (await res.json()) as T;
}

export async function deactivateLeaver(token: string, userId: string): Promise<void> {
  await scim(token, `/Users/${userId}`, {
    method: 'PATCH',
    body: JSON.stringify({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [
        { op: 'replace', path: 'active', value: false },
        { op: 'replace', path: 'urn:scim:schemas:extension:cisco:webexidentity:2.0:User:accountStatus', value: 'Inactive' },
      ],
    }),
  });
}

export async function blockedByWebex(token: string): Promise<string[]> {
  const page = await scim<{ Resources: ScimUser[] }>(token, '/Users?filter=active eq false&count=500');
  const ext = 'urn:scim:schemas:extension:cisco:webexidentity:2.0:User' as const;
  return page.Resources.filter((u) => u[ext]?.accountStatus === 'Inactive').map((u) => u.userName);
}
