const BASE = 'https://billing.example.com/v1';

export async function webexFetch(path: string, init: RequestInit = {}) {
  const res = await fetch(`${BASE}${path}`, { ...init, headers: { Authorization: `Bearer ${process.env.TOKEN}`, ...init.headers } });
  return res.json();
}
