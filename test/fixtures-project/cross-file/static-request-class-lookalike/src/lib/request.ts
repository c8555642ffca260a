import got from 'got';

export default class Request {
  private static apiUrl = 'https://calendar.example.com/api';

  static get(endpoint: string, query?: Record<string, string>): Promise<unknown> {
    return Request.send('get', Request.apiUrl + '/' + endpoint + (query ? '?' + new URLSearchParams(query) : ''));
  }

  private static send(method: 'get' | 'post', url: string, body?: unknown): Promise<unknown> {
    return got(url, { method, body: body ? JSON.stringify(body) : undefined }).json();
  }
}
