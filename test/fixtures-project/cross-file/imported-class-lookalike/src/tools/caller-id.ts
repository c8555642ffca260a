import { CallingApi } from '../webex-api.js';

export async function setCallerId(api: CallingApi, personId: string, first: string) {
  return api.updateContact(personId, { selected: 'DIRECT_LINE', firstName: first });
}

export function label(first: string) {
  const names = { firstName: first };
  return JSON.stringify(names);
}
