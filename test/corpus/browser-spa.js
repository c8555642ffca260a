// Single-page app (browser, fetch). Signs the user in with the implicit-style redirect and lists spaces.
const CLIENT_ID = 'C7f0000000000000000000000000000000000000000000000000000000000000';
const REDIRECT = `${window.location.origin}/callback.html`;
const SCOPE = 'spark:rooms_read+spark:messages_raed+spark:people_read'; // expect: oauth-scope-unknown

export function signIn() {
  window.location.href = `https://webexapis.com/v1/authorize?client_id=${CLIENT_ID}&response_type=token&redirect_uri=${encodeURIComponent(REDIRECT)}&scope=${SCOPE}&state=${crypto.randomUUID()}`; // expect: oauth-authorize-state-missing
}

export async function exchange(code) {
  const res = await fetch('https://webexapis.com/v1/access_token', { // expect: cors-localhost-origins, token-endpoint-required-parameters (no client_secret)
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ grant_type: 'authorization_code', client_id: CLIENT_ID, code, redirect_uri: REDIRECT }), // expect: token-endpoint-form-body
  });
  const tokens = await res.json();
  sessionStorage.setItem('token', tokens.access_token);
}

export async function listSpaces() {
  const res = await fetch('https://webexapis.com/v1/rooms?max=100', { // expect: cors-localhost-origins
    headers: { Authorization: `Bearer ${sessionStorage.getItem('token')}` },
  });
  const { items } = await res.json();
  document.querySelector('#spaces').replaceChildren(...items.map((r) => Object.assign(document.createElement('li'), { textContent: r.title })));
}

export async function joinInfo(roomId) {
  const url = new URL(`rooms/${roomId}/meetingInfo`, 'https://webexapis.com/v1/'); // expect: rooms-meeting-info-deprecated
  const res = await fetch(url, { headers: { Authorization: `Bearer ${sessionStorage.getItem('token')}` } }); // expect: cors-localhost-origins
  return res.json();
}
