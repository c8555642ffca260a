// CRM contact sync (HubSpot-like API). Shares many words with calling APIs; none of it is the platform.
interface Contact {
  id: string;
  firstName: string;
  lastName: string;
  displayName: string;
  displayDetail?: string;
  phoneNumbers: string[];
  address?: string;
}

const CRM = 'https://api.crm.example.com/v3';

export async function upsertContact(token: string, c: Contact): Promise<void> {
  await fetch(`${CRM}/contacts/${c.id}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstName: c.firstName || '.', lastName: c.lastName || '-', displayName: c.displayName }),
  });
}

export async function setCallerId(token: string, contactId: string, c: Contact): Promise<void> {
  // The CRM's dialer shows this name on outbound calls.
  await fetch(`${CRM}/dialer/contacts/${contactId}/callerId`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstName: c.firstName, lastName: c.lastName, displayName: c.displayName, displayDetail: c.displayDetail }),
  });
}

export async function searchByAddress(token: string, street: string): Promise<Contact[]> {
  const res = await fetch(`${CRM}/contacts/search?filter=address=${encodeURIComponent(street)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { results: Contact[] }).results;
}

export function households(contacts: Contact[]): Contact[][] {
  const bulk = contacts.flatMap((c) => c.phoneNumbers);
  const phoneNumbers = ['+1', '+2', '+3', '+4', '+5', '+6', '+7', '+8', '+9', '+10', '+11', '+12', '+13', '+14', '+15', '+16', '+17', '+18', '+19', '+20', '+21', '+22'];
  return [contacts.filter((c) => c.phoneNumbers.some((p) => phoneNumbers.includes(p) || bulk.includes(p)))];
}
