import { writeFile } from 'node:fs/promises';

// A script of the same package run by node (it writes a file): not browser code.
export async function saveRooms(token) {
  const res = await fetch('https://webexapis.com/v1/rooms', { headers: { Authorization: `Bearer ${token}` } });
  await writeFile('rooms.json', await res.text());
}
