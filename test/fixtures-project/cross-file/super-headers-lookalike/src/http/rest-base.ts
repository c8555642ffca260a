type Extra = { path?: string; data?: unknown; headers?: HeadersInit; query?: Record<string, string> };

export abstract class RestBase {
  protected send: typeof fetch;
  protected root: URL;
  protected defaults: Omit<RequestInit, 'body' | 'method'>;

  protected constructor({ origin = '/', section = '', ...defaults }: { origin?: string; section?: string; headers?: HeadersInit } = {}, send = globalThis.fetch) {
    this.root = new URL(section, origin);
    this.send = send;
    this.defaults = defaults;
  }

  protected static combine(extra?: HeadersInit, base?: HeadersInit) {
    return extra != null && base != null ? { ...(base as object), ...(extra as object) } : base ?? extra;
  }

  protected address(path?: string) {
    return new URL(path ?? '', this.root).toString();
  }

  protected initFor(method: string, extra: Extra, data?: unknown) {
    const headers = RestBase.combine(extra.headers, this.defaults.headers);
    return { ...this.defaults, headers, method, body: data === undefined ? undefined : JSON.stringify(data) };
  }

  protected call(method: string, { path, data, ...extra }: Extra = {}) {
    const init = this.initFor(method, extra, data);
    return this.send(this.address(path), { ...init });
  }

  read({ path, ...extra }: Extra = {}) {
    return this.call('GET', { path, ...extra });
  }

  create({ path, data, ...extra }: Extra) {
    return this.call('POST', { path, data, ...extra });
  }
}
