import { BaseRequest } from './base-request';

export class JsonClient extends BaseRequest {
  protected headers: Headers = new Headers({ 'Content-Type': 'application/json' });

  constructor(base = '/', resource?: string, token?: string) {
    super(base, resource, token);
  }

  protected send(method: string, url: string, body?: unknown) {
    return body
      ? fetch(url, { method, headers: this.headers, body: JSON.stringify(body) })
      : fetch(url, { method, headers: this.headers });
  }
}
