import { webexClient } from '../lib/webex.js';

interface VirtualLineRow {
  locationId: string;
  label: string;
  extension: string;
  phoneNumber?: string;
}

const api = webexClient();

/**
 * Creates the reception virtual lines from the rollout sheet. The API used to insist on a first name,
 * so single-word labels get a dot.
 */
export async function createVirtualLine(row: VirtualLineRow): Promise<string> {
  const [first, ...rest] = row.label.split(' ');
  const { data } = await api.post('/telephony/config/virtualLines', {
    locationId: row.locationId,
    firstName: rest.length ? first : '.',
    lastName: rest.length ? rest.join(' ') : row.label,
    extension: row.extension,
    phoneNumber: row.phoneNumber,
  });
  return (data as { id: string }).id;
}

export async function renameVirtualLineCallerId(virtualLineId: string, first: string, last: string): Promise<void> {
  await api.put(`/telephony/config/virtualLines/${virtualLineId}`, {
    callerIdFirstName: first,
    callerIdLastName: last,
    callerIdNumber: null,
  });
}

/** Placeholder line for a departed employee whose number we keep for a while. */
export async function parkNumber(locationId: string, extension: string): Promise<void> {
  await api.post('/telephony/config/virtualLines', { locationId, firstName: 'Former', lastName: '-', extension });
}
