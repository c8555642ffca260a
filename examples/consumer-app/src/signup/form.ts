/**
 * Visitor sign-up for the customer portal (our own back end, not Webex). Mononymous visitors leave
 * the last name empty; the CRM wants a placeholder there.
 */
export interface SignupForm {
  firstName: string;
  lastName: string;
  displayName?: string;
  email: string;
  company?: string;
}

export function toCrmContact(form: SignupForm): Record<string, string> {
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim() || '-',
    displayName: form.displayName ?? `${form.firstName} ${form.lastName}`.trim(),
    email: form.email.toLowerCase(),
    company: form.company ?? '.',
  };
}

export async function submitSignup(form: SignupForm): Promise<void> {
  const res = await fetch('/api/signup', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...toCrmContact(form), source: 'portal', lastName: form.lastName || '.' }),
  });
  if (!res.ok) throw new Error('sign-up failed');
}

export async function updateCallerIdPreference(userId: string, form: SignupForm): Promise<void> {
  // Our CRM's own "callerId" display preference for outbound sales calls.
  await fetch(`https://crm.acme.example/api/users/${userId}/callerId`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstName: form.firstName, lastName: form.lastName }),
  });
}
