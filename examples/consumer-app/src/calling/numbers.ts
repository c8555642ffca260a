import { webexClient } from '../lib/webex.js';

interface NumberRow {
  phoneNumber: string;
  extension?: string;
  state: 'ACTIVE' | 'INACTIVE';
  owner?: { id: string; type: 'PEOPLE' | 'PLACE' | 'VIRTUAL_LINE'; firstName?: string; lastName?: string; displayName?: string };
}

const api = webexClient();

/** DIDs ported from the old carrier in the March batch; we check that each one landed somewhere. */
const PORTED_BATCH = [
  '+442071230001', '+442071230002', '+442071230003', '+442071230004', '+442071230005',
  '+442071230006', '+442071230007', '+442071230008', '+442071230009', '+442071230010',
  '+442071230011', '+442071230012', '+442071230013', '+442071230014', '+442071230015',
  '+442071230016', '+442071230017', '+442071230018', '+442071230019', '+442071230020',
  '+442071230021', '+442071230022', '+442071230023', '+442071230024',
];

export async function verifyPortedBatch(): Promise<NumberRow[]> {
  const { data } = await api.get<{ phoneNumbers: NumberRow[] }>('/telephony/config/numbers', {
    params: { phoneNumbers: PORTED_BATCH.join(',') },
  });
  return data.phoneNumbers.filter((n) => n.state !== 'ACTIVE' || !n.owner);
}

/** Unassigned numbers of one location, for the hot-desk pool. */
export async function freeNumbers(locationId: string): Promise<string[]> {
  const { data } = await api.get<{ phoneNumbers: NumberRow[] }>('/telephony/config/numbers', {
    params: { location: locationId, available: true, max: 1000 },
  });
  return data.phoneNumbers.map((n) => n.phoneNumber);
}

/** Who owns this number? Used by the support bot. */
export async function ownerOf(e164: string): Promise<string> {
  const { data } = await api.get<{ phoneNumbers: NumberRow[] }>(`/telephony/config/numbers?phoneNumber=${encodeURIComponent(e164)}`);
  const owner = data.phoneNumbers[0]?.owner;
  return owner ? owner.displayName ?? `${owner.firstName} ${owner.lastName}` : 'unassigned';
}
