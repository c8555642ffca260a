export abstract class BaseRequest {
  public root = '';
  protected headers: Headers = new Headers();

  protected constructor(base = '/', resource?: string, token?: string) {
    this.root = base + (resource ? '/' + resource : '');
    if (token) this.headers.set('Authorization', 'Bearer ' + token);
  }

  protected address(path?: string) {
    return path ? `${this.root}/${path}` : this.root;
  }

  protected send(method: string, url: string, body?: unknown) {
    return fetch(url, { method, headers: this.headers, body: body as string });
  }

  get(path?: string) {
    const url = this.address(path);
    return this.send('GET', url).then((r) => r.json());
  }

  post(path: string, body: unknown) {
    const url = this.address(path);
    return this.send('POST', url, body).then((r) => r.json());
  }
}
