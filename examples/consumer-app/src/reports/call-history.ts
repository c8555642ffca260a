/**
 * Nightly export of the detailed call history into the archive bucket.
 * Run: npm run export-cdr -- 2024-05-01T00:00:00Z
 */
import got from 'got';
import { requireEnv } from '../config.js';
import { archiveCsv } from '../storage/archive.js';

const CDR_FEED = 'https://analytics.webexapis.com/v1/cdr_feed';

interface CdrRecord {
  'Call ID': string;
  'Start time': string;
  Duration: number;
  'Calling number': string;
  'Called number': string;
  'Location': string;
}

export async function exportWindow(end: Date): Promise<number> {
  const token = requireEnv('WEBEX_CDR_TOKEN');
  const start = new Date(end.getTime() - 48 * 60 * 60 * 1000); // the API allows two days per query
  const rows: CdrRecord[] = [];
  let url: string | undefined = `${CDR_FEED}?startTime=${start.toISOString()}&endTime=${end.toISOString()}&max=200`;
  while (url) {
    const response = await got(url, { headers: { authorization: `Bearer ${token}` } });
    const body = JSON.parse(response.body) as { items: CdrRecord[] };
    rows.push(...body.items);
    url = /<([^>]+)>;\s*rel="next"/.exec(String(response.headers.link ?? ''))?.[1];
  }
  const csv = rows.map((r) => [r['Call ID'], r['Start time'], r.Duration, r['Calling number'], r['Called number'], r.Location].join(',')).join('\n');
  await archiveCsv(`cdr-${end.toISOString().slice(0, 10)}.csv`, csv);
  return rows.length;
}

/** Live stream for the wallboard: last 10 minutes, polled. */
export async function recentCalls(token: string): Promise<CdrRecord[]> {
  const end = new Date(Date.now() - 60_000);
  const start = new Date(end.getTime() - 10 * 60 * 1000);
  const response = await got('https://analytics.webexapis.com/v1/cdr_stream', {
    searchParams: { startTime: start.toISOString(), endTime: end.toISOString(), max: 500 },
    headers: { authorization: `Bearer ${token}` },
  }).json<{ items: CdrRecord[] }>();
  return response.items;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const end = new Date(process.argv[2] ?? Date.now());
  exportWindow(end).then((n) => console.log(`exported ${n} records`));
}
