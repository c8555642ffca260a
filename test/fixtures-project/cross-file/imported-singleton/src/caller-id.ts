import { api } from './webex-api.js';

export const setCallerId = (personId: string, first: string) =>
  api.updateCallerId(personId, { selected: 'DIRECT_LINE', firstName: first });
