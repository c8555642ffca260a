import axios from 'axios';

const api = axios.create({ baseURL: 'https://webexapis.com/v1', headers: { Authorization: `Bearer ${process.env.WEBEX_TOKEN}` } });

interface License {
  id: string;
  name: string;
  consumedUnits: number;
}

/** Nightly usage report: units used of the Calling and Meetings licenses. */
export async function usage(): Promise<Record<string, number>> {
  const { data } = await api.get<{ items: License[] }>('/licenses');
  const out: Record<string, number> = {};
  for (const l of data.items) {
    if (l.name === 'Single License - Webex Calling' || l.name === 'Webex Meetings') out[l.name] = l.consumedUnits;
  }
  return out;
}
