import { CallingApi } from '../webex-api.js';

export async function setCallerId(api: CallingApi, personId: string, first: string) {
  return api.updateCallerId(personId, { selected: 'DIRECT_LINE', firstName: first });
}
