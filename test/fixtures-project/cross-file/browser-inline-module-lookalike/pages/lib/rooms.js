export async function listRooms(token) {
  const res = await fetch('https://webexapis.com/v1/rooms', { headers: { Authorization: `Bearer ${token}` } });
  return res.json();
}
