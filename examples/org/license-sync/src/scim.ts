const SCIM = 'https://webexapis.com/identity/scim';

interface ScimUser {
  id: string;
  userName: string;
  'urn:ietf:params:scim:schemas:extension:cisco:webexidentity:2.0:User'?: { accountStatus?: string };
}

/** Users whose account is still pending activation. */
export async function pendingUsers(orgId: string, token: string): Promise<string[]> {
  const res = await fetch(`${SCIM}/${orgId}/v2/Users?count=100`, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { Resources: ScimUser[] };
  return body.Resources.filter((u) => u['urn:ietf:params:scim:schemas:extension:cisco:webexidentity:2.0:User']?.accountStatus === 'pending').map((u) => u.userName);
}

export async function legacyPeople(token: string): Promise<unknown> {
  const res = await fetch('https://api.ciscospark.com/v1/people?max=50', { headers: { Authorization: `Bearer ${token}` } });
  return res.json();
}
