import axios from 'axios';
import { webexClient } from '../lib/webex.js';

interface License {
  id: string;
  name: string;
  totalUnits: number;
  consumedUnits: number;
}

const api = webexClient();

const CALLING_LICENSE = 'Single License - Webex Calling';
const WANTED = ['Single License - Webex Meetings', 'Single License - CX Essentials'];

export async function findLicenseIds(): Promise<Map<string, string>> {
  const { data } = await api.get<{ items: License[] }>('/licenses');
  const byName = new Map(data.items.map((l) => [l.name, l.id]));
  const result = new Map<string, string>();
  for (const name of [CALLING_LICENSE, ...WANTED]) {
    const id = byName.get(name);
    if (id) result.set(name, id);
  }
  return result;
}

/** Gives a new hire Calling + Meetings in one request. */
export async function onboardLicenses(email: string, locationId: string, extension: string): Promise<'assigned' | 'none'> {
  const ids = await findLicenseIds();
  try {
    const res = await api.patch('/licenses/users', {
      email,
      licenses: [
        { id: ids.get(CALLING_LICENSE), operation: 'add', properties: { locationId, extension } },
        { id: ids.get('Single License - Webex Meetings'), operation: 'add' },
      ],
    });
    if (res.status === 200) return 'assigned';
    return 'none';
  } catch (err) {
    if (axios.isAxiosError(err) && err.response?.status === 400) {
      const code = (err.response.data as { errorCode?: number }).errorCode;
      if (code === 400704) throw new Error('unknown license name, check the license sheet');
      if (code === 400706) throw new Error(`no location for extension ${extension}`);
      return 'none';
    }
    throw err;
  }
}
