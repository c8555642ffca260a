const API = 'https://webexapis.com/v1';

async function listRooms(token) {
  const res = await fetch(`${API}/rooms`, { headers: { Authorization: `Bearer ${token}` } });
  return res.json();
}
