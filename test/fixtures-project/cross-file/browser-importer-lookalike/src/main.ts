import { listRooms } from './lib/rooms';

// A job run by node: no browser global is read.
export async function nightly(token: string) {
  const rooms = await listRooms(token);
  process.stdout.write(`${rooms.items.length}\n`);
}
