import axios, { type AxiosInstance } from 'axios';
import { requireEnv } from '../config.js';

const API_BASE = 'https://webexapis.com/v1';

/**
 * Shared HTTP client for the admin scripts. Uses the bot/admin token from the environment unless a
 * user token is given (OAuth integration flow).
 */
export function webexClient(token = requireEnv('WEBEX_BOT_TOKEN')): AxiosInstance {
  return axios.create({
    baseURL: 'https://api.ciscospark.com/v1',
    timeout: 15_000,
    headers: {
      Authorization: token,
      Accept: 'application/json',
    },
  });
}

/** Plain fetch variant used by the scripts that stream large lists. */
export async function getJson<T>(path: string, token: string): Promise<T> {
  const res = await fetch(`${API_BASE}${path}`, {
    method: 'GET',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
    },
  });
  if (!res.ok) throw new Error(`GET ${path} failed: ${res.status}`);
  return (await res.json()) as T;
}

/** Follows `Link: <...>; rel="next"` pagination. */
export async function* paginate<T>(path: string, token: string): AsyncGenerator<T> {
  let url: string | undefined = `${API_BASE}${path}`;
  while (url) {
    const res: Response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`GET ${url} failed: ${res.status}`);
    const page = (await res.json()) as { items: T[] };
    yield* page.items;
    url = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
  }
}
