// Admin dashboard (vite dev server on http://localhost:5173). Talks to Webex directly with the
// admin's token from the OAuth popup.
import { renderRooms, renderProfile } from './render.js';

const API = 'https://webexapis.com/v1';

function token(): string {
  const value = window.sessionStorage.getItem('webex_token');
  if (!value) {
    window.location.assign('/oauth/login');
    throw new Error('not signed in');
  }
  return value;
}

async function loadProfile(): Promise<void> {
  const res = await fetch(`${API}/people/me`, { headers: { Authorization: `Bearer ${token()}` } });
  renderProfile(document.querySelector('#app')!, await res.json());
}

async function loadRooms(): Promise<void> {
  const res = await fetch(`${API}/rooms?max=50&sortBy=lastactivity`, { headers: { Authorization: `Bearer ${token()}` } });
  const { items } = await res.json();
  renderRooms(document.querySelector('#app')!, items);
}

/** Our own back end (same origin), not Webex. */
async function loadAlerts(): Promise<string[]> {
  const res = await fetch('/api/alerts', { headers: { Accept: 'application/json' } });
  return (await res.json()) as string[];
}

window.addEventListener('DOMContentLoaded', () => {
  void loadProfile();
  void loadRooms();
  void loadAlerts();
});
