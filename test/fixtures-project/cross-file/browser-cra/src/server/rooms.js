// Server code beside the front end's source, in a `server/` folder: not browser code.
export async function listRooms(token) {
  const res = await fetch('https://webexapis.com/v1/rooms', { headers: { Authorization: `Bearer ${token}` } });
  return res.json();
}
