const BASE = 'https://webexapis.com/v1';

export class CallingApi {
  constructor(private readonly token: string) {}

  private async request(method: string, path: string, body?: unknown) {
    const res = await fetch(`${BASE}${path}`, {
      method,
      headers: { Authorization: `Bearer ${this.token}`, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return res.json();
  }

  async updateCallerId(personId: string, settings: unknown) {
    return this.request('PUT', `/people/${encodeURIComponent(personId)}/features/callerId`, settings);
  }

  async updateContact(personId: string, contact: unknown) {
    return this.request('PUT', `/people/${encodeURIComponent(personId)}`, contact);
  }
}
