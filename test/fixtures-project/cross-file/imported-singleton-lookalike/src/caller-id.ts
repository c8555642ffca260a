import { api } from './webex-api.js';

export const setCallerId = (personId: string, first: string) =>
  api.updateContact(personId, { selected: 'DIRECT_LINE', firstName: first });
