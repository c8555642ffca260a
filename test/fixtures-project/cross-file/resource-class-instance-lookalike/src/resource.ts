export abstract class Resource {
  private readonly base = 'https://crm.example.com/api';

  constructor(protected readonly name: string) {}

  async update(path: string, body: unknown) {
    const res = await fetch(`${this.base}/${this.name}/${path}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${process.env.WEBEX_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return res.json();
  }
}
