#!/usr/bin/env node
// Pulls yesterday's detailed call history with got and prints per-location totals.
import got from 'got';

const HOST = 'analytics.webexapis.com'; // expect: call-history-regional-hosts
const HOURS = 24;

const tokens = await got.post('https://webexapis.com/v1/access_token', {
  json: { grant_type: 'refresh_token', client_id: process.env.CID, client_secret: process.env.CSECRET, refresh_token: process.env.REFRESH }, // expect: token-endpoint-form-body
}).json();

const end = new Date();
end.setMinutes(0, 0, 0);
const start = new Date(end.getTime() - HOURS * 3600 * 1000); // expect: call-history-query-window

const page = await got(`https://${HOST}/v1/cdr_feed`, {
  searchParams: { startTime: start.toISOString(), endTime: end.toISOString(), max: 10000 }, // expect: call-history-page-size
  headers: { Authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' }, // expect: get-request-content-type
}).json();

const totals = new Map();
for (const record of page.items) {
  totals.set(record.Location, (totals.get(record.Location) ?? 0) + record.Duration);
}

const devices = await got('https://webexapis.com/v1/devices', { headers: { Authorization: `Bearer ${tokens.access_token}` } }).json();
for (const d of devices.items) {
  const [kind] = d.webexDeviceId.split('/'); // expect: devices-ids-nullable
  console.log(kind, d.displayName);
}
console.table(Object.fromEntries(totals));
