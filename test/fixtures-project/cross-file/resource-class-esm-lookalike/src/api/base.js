const host = 'https://crm.example.com/api';

export class Base {
  constructor(resource, token) {
    this.resource = resource;
    this.token = token;
  }

  send(method, path, body) {
    return fetch(`${host}/${this.resource}${path}`, {
      method,
      headers: { Authorization: `Bearer ${this.token}`, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
  }

  update(id, body) {
    return this.send('PUT', `/${id}`, body);
  }
}
