/**
 * Hold-out set 27 after its first run (docs/evaluation.md, "Twenty-ninth session: set27fix"): the shapes behind its
 * misses and false positives, each with the platform's case and look-alikes that must stay as they are (synthesized
 * code, nothing copied from the set's repositories): adapters of other services in a collection that also holds the
 * platform's, on a shared base class, whose base URL is another service's host on a branch or only the caller's
 * configuration, with paths that are also platform resource names.
 * Projects are small trees in a temporary folder (a `.git` folder marks the root).
 */
import { describe, expect, it } from 'vitest';
import { shapeScans } from './helpers/temp-project.js';

const { project, matches, summary, scan } = shapeScans('cm-holdout27-shapes-', '2026-11-28');
const lineOf = (text: string, needle: string): number => text.slice(0, text.indexOf(needle)).split('\n').length;
/** The line of the first `needle` at or after offset `from`. */
const lineAfter = (text: string, needle: string, from: number): number => text.slice(0, text.indexOf(needle, from)).split('\n').length;

const GET_CT = 'get-request-content-type';

describe('adapters of a collection on a shared base class whose base URL is not the platform\'s (get-request-content-type)', () => {
  const BASE = `export abstract class AdapterBase {
  protected async fetchWithRetry(url: string, init: RequestInit = {}): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(url, init);
      if (response.status !== 429 || attempt >= 3) return response;
      await new Promise((resolve) => setTimeout(resolve, 1000 * (attempt + 1)));
    }
  }
}
`;
  /** An adapter whose `this.baseUrl` is `base`; `name` is its class's name, `note` a comment above it. */
  const adapter = (base: string, name = 'VendorServer', note = ''): string => `import { AdapterBase } from './base.js';

interface VendorConfig {
  token: string;
  baseUrl?: string;
}
${note}
export class ${name} extends AdapterBase {
  private readonly token: string;
  private readonly baseUrl: string;

  constructor(config: VendorConfig) {
    super();
    this.token = config.token;
    this.baseUrl = ${base};
  }

  private authHeaders(): Record<string, string> {
    return {
      Authorization: \`Bearer \${this.token}\`,
      'Content-Type': 'application/json',
    };
  }

  private async fetchJson(url: string, options: RequestInit = {}): Promise<unknown> {
    const response = await this.fetchWithRetry(url, { ...options, headers: this.authHeaders() });
    return response.json();
  }

  async listOrganizations(): Promise<unknown> {
    return this.fetchJson(\`\${this.baseUrl}/organizations/\`);
  }

  async listTeams(org: string): Promise<unknown> {
    return this.fetchJson(\`\${this.baseUrl}/organizations/\${encodeURIComponent(org)}/teams/\`);
  }
}
`;
  const files = (text: string): Record<string, string> => ({ 'src/base.ts': BASE, 'src/vendor.ts': text });
  const headerLine = (text: string): number => lineOf(text, "'Content-Type'");

  it('positive: the platform\'s adapter (its base the configuration or the API host) stays reported', () => {
    const text = adapter("config.baseUrl || 'https://webexapis.com/v1'", 'WebexServer');
    expect(scan(files(text), 'src/vendor.ts', GET_CT)).toEqual([`${GET_CT} ${headerLine(text)} certain`]);
  });

  it('positive: a base that is only the configuration, in a module that names the platform, stays reported', () => {
    const text = adapter("config.baseUrl.replace(/\\/$/, '')", 'WebexServer', '// Webex REST adapter: rooms, memberships, teams.');
    expect(scan(files(text), 'src/vendor.ts', GET_CT)).toEqual([`${GET_CT} ${headerLine(text)} certain`]);
  });

  it('look-alike: another service\'s host on a branch of the base (`config.baseUrl ? ... : \'https://sentry.io/api/0\'`) is that service\'s', () => {
    const text = adapter("config.baseUrl\n      ? config.baseUrl.replace(/\\/$/, '')\n      : 'https://sentry.io/api/0'");
    expect(scan(files(text), 'src/vendor.ts', GET_CT)).toEqual([]);
    // Also as a fallback of `||` and a template with the tenant in the host.
    expect(scan(files(adapter("config.baseUrl || 'https://api.aircall.io/v1'")), 'src/vendor.ts', GET_CT)).toEqual([]);
    expect(scan(files(adapter('config.baseUrl || `https://${config.token}.api.knowbe4.com/v1`')), 'src/vendor.ts', GET_CT)).toEqual([]);
  });

  it('look-alike: a base that is only the caller\'s configuration, in a module naming nothing of the platform, is quiet', () => {
    expect(scan(files(adapter("config.baseUrl!.replace(/\\/$/, '')")), 'src/vendor.ts', GET_CT)).toEqual([]);
    // Through a local constant of the constructor.
    const local = adapter("root.endsWith('/api/xm/1') ? root : `${root}/api/xm/1`").replace('    this.baseUrl =', "    const root = config.baseUrl!.replace(/\\/$/, '');\n    this.baseUrl =");
    expect(scan(files(local), 'src/vendor.ts', GET_CT)).toEqual([]);
  });

  it('look-alike: a tool dispatcher calling a method-taking helper whose URL is a `let` it appends to, on another service\'s base: no finding, no edit', () => {
    const text = `import { AdapterBase } from './base.js';

export class CallsServer extends AdapterBase {
  private readonly baseUrl: string;
  private readonly token: string;

  constructor(config: { token: string; baseUrl?: string }) {
    super();
    this.token = config.token;
    this.baseUrl = config.baseUrl || 'https://api.calls.example.io/v1';
  }

  async callTool(name: string, args: Record<string, string>): Promise<unknown> {
    switch (name) {
      case 'list_teams':
        return this.listTeams(args);
      case 'list_roles':
        return this.request('GET', '/roles');
      default:
        throw new Error(name);
    }
  }

  private async request(method: string, path: string, params?: Record<string, string>, body?: unknown): Promise<unknown> {
    let url = \`\${this.baseUrl}\${path}\`;
    if (params && Object.keys(params).length > 0) url += '?' + new URLSearchParams(params).toString();
    const init: RequestInit = {
      method,
      headers: { Authorization: \`Bearer \${this.token}\`, 'Content-Type': 'application/json' },
    };
    if (body) init.body = JSON.stringify(body);
    const response = await this.fetchWithRetry(url, init);
    return response.json();
  }

  private async listTeams(args: Record<string, string>): Promise<unknown> {
    return this.request('GET', '/teams', { per_page: args.per_page ?? '50' });
  }
}
`;
    const root = project(files(text));
    expect(matches(root, files(text), 'src/vendor.ts', GET_CT).map(summary)).toEqual([]);
    // The same file on the platform's host is reported.
    const webex = text.replace("'https://api.calls.example.io/v1'", "'https://webexapis.com/v1'");
    expect(scan(files(webex), 'src/vendor.ts', GET_CT)).toEqual([`${GET_CT} ${lineOf(webex, "'Content-Type'")} likely`]);
  });
});

describe('a request wrapper of another module called as a constructor, method and headers positional (get-request-content-type)', () => {
  /** An EventEmitter-style wrapper of the `request` library: `module.exports = Request` names a function declaration. */
  const CLIENT = `var request = require('request');
var util = require('util');
var EventEmitter = require('events').EventEmitter;

function Request(key, url, method, headers, data) {
    var self = this;
    request({
        url: url,
        method: method,
        headers: headers,
        json: data
    }, function (error, resp, body) {
        self.emit('data', key, resp, body);
    });
}

util.inherits(Request, EventEmitter);
module.exports = Request;
`;
  const methods = (url: string, method: string, data: string, call = 'new sparkRequest'): string => `var sparkRequest = require('./client');

var API_URL = '${url}';

exports.listMemberships = function listMemberships(token, key, roomId) {
    var url = API_URL + "memberships?roomId=" + roomId;
    var headers = {
        "content-type": "application/json",
        "authorization": "Bearer " + token
    };
    var r = ${call}(key, url, '${method}', headers, ${data});
    r.on('data', function () {});
};
`;
  const WEBEX = 'https://webexapis.com/v1/';

  it('positive: `new sparkRequest(key, url, \'GET\', headers, null)` sends the caller\'s headers on a GET to the API', () => {
    const text = methods(WEBEX, 'GET', 'null');
    expect(scan({ 'client.js': CLIENT, 'methods.js': text }, 'methods.js', GET_CT)).toEqual([`${GET_CT} ${lineOf(text, '"content-type"')} certain`]);
    // Called without `new`, the same.
    const called = methods(WEBEX, 'GET', 'null', 'sparkRequest');
    expect(scan({ 'client.js': CLIENT, 'methods.js': called }, 'methods.js', GET_CT)).toEqual([`${GET_CT} ${lineOf(called, '"content-type"')} certain`]);
  });

  it('look-alikes: a POST with a body, or a GET to another service through the same wrapper, stays quiet', () => {
    expect(scan({ 'client.js': CLIENT, 'methods.js': methods(WEBEX, 'POST', '{ title: roomId }') }, 'methods.js', GET_CT)).toEqual([]);
    expect(scan({ 'client.js': CLIENT, 'methods.js': methods('https://api.tropo.com/1.0/', 'GET', 'null') }, 'methods.js', GET_CT)).toEqual([]);
  });

  it('look-alike: a wrapper that writes its own headers (the caller\'s argument unused) reports nothing at the caller', () => {
    const own = CLIENT.replace('headers: headers,', "headers: { accept: 'application/json' },");
    expect(scan({ 'client.js': own, 'methods.js': methods(WEBEX, 'GET', 'null') }, 'methods.js', GET_CT)).toEqual([]);
  });
});

describe('a webhook verifier hashing body + secret with `createHash(\'sha1\')` (webhook-signature-sha1, webhook-signature-raw-body)', () => {
  const SHA1 = 'webhook-signature-sha1';
  const RAW = 'webhook-signature-raw-body';
  const verifier = (header: string, name: string, body = 'rawBody || JSON.stringify(payload)', alg = 'sha1'): string => `
  private verify${name}Signature(payload: any, headers: Record<string, string>, secret: string, rawBody?: string): boolean {
    const signature = headers['${header}'];
    if (!signature) return false;
    const body = ${body};
    const expectedSignature = createHash('${alg}').update(body + secret).digest('hex');
    return signature === expectedSignature;
  }
`;
  const manager = (...methods: string[]): string => `import { createHash } from 'crypto';

export class WebhookManager {
  eventId(payload: unknown, raw?: string): string {
    return createHash('sha1').update(raw || JSON.stringify(payload)).digest('hex');
  }
${methods.join('')}}
`;

  it('positive: the platform\'s verifier (its header read in it) is SHA-1 over a body that falls back to a re-serialisation', () => {
    const text = manager(verifier('x-iterable-signature', 'Iterable'), verifier('x-spark-signature', 'Webex'));
    const at = text.indexOf("headers['x-spark-signature']");
    const line = (needle: string): number => lineAfter(text, needle, at);
    expect(scan({ 'server/webhooks.ts': text }, 'server/webhooks.ts', SHA1, RAW)).toEqual([
      `${RAW} ${line('JSON.stringify(payload)')} certain`,
      `${SHA1} ${line("createHash('sha1')")} certain`,
      `${SHA1} ${line('signature === expectedSignature')} certain`,
    ].sort());
  });

  it('look-alikes: another service\'s verifier of the same shape, an event id hashed from the body, a SHA-256 keyed hash over the raw body stay quiet', () => {
    const text = manager(verifier('x-iterable-signature', 'Iterable'), verifier('x-spark-signature', 'Webex', 'rawBody ?? ""', 'sha256'));
    // Only the platform's verifier's `===` (the compare check, as before): no SHA-1, no re-serialised body.
    const compare = lineAfter(text, 'signature === expectedSignature', text.indexOf("headers['x-spark-signature']"));
    expect(scan({ 'server/webhooks.ts': text }, 'server/webhooks.ts', SHA1, RAW)).toEqual([`${SHA1} ${compare} certain`]);
  });
});

describe('client defaults set through methods of a base class of another module, then its GET (get-request-content-type)', () => {
  const BASE = `import axios, { AxiosInstance } from 'axios';

export abstract class BaseConnector {
  protected axiosInstance: AxiosInstance = axios.create({ timeout: 30000 });

  protected setHeaders(headers: Record<string, string>): void {
    this.axiosInstance.defaults.headers.common = {
      ...this.axiosInstance.defaults.headers.common,
      ...headers,
    };
  }

  protected setBaseURL(baseURL: string): void {
    this.axiosInstance.defaults.baseURL = baseURL;
  }

  protected async get<T = unknown>(url: string): Promise<T> {
    const response = await this.axiosInstance.get<T>(url);
    return response.data;
  }

  protected async post<T = unknown>(url: string, data: unknown): Promise<T> {
    const response = await this.axiosInstance.post<T>(url, data);
    return response.data;
  }
}
`;
  const connector = (base: string, call = "this.get<any>('/people/me')"): string => `import { BaseConnector } from './base-connector';

export class ChatConnector extends BaseConnector {
  async testConnection(config: { accessToken: string }): Promise<boolean> {
    this.setHeaders({
      Authorization: \`Bearer \${config.accessToken}\`,
      'Content-Type': 'application/json',
    });
    this.setBaseURL('${base}');
    const me = await ${call};
    return !!me;
  }
}
`;
  const files = (text: string): Record<string, string> => ({ 'src/base-connector.ts': BASE, 'src/chat-connector.ts': text });

  it('positive: the header object handed to `this.setHeaders`, then `this.get` on the base URL the API\'s, is reported where it is written', () => {
    const text = connector('https://webexapis.com/v1');
    const found = matches(project(files(text)), files(text), 'src/chat-connector.ts', GET_CT);
    expect(found.map(summary)).toEqual([`${GET_CT} ${lineOf(text, "'Content-Type'")} certain`]);
    // Shared defaults: no edit.
    expect(found[0].fix).toBeUndefined();
  });

  it('look-alikes: another service\'s base URL, or only a POST after the setter, stays quiet', () => {
    expect(scan(files(connector('https://api.smartsheet.com/2.0')), 'src/chat-connector.ts', GET_CT)).toEqual([]);
    expect(scan(files(connector('https://webexapis.com/v1', "this.post<any>('/messages', { text: 'hi' })")), 'src/chat-connector.ts', GET_CT)).toEqual([]);
  });

  it('look-alike: a base whose setter keeps the headers to itself (no client defaults) stays quiet', () => {
    const own = BASE.replace(/this\.axiosInstance\.defaults\.headers\.common = \{[^}]*\};/, 'this.extra = headers;').replace('protected axiosInstance', 'protected extra: Record<string, string> = {};\n  protected axiosInstance');
    expect(own).not.toBe(BASE);
    const text = connector('https://webexapis.com/v1');
    expect(scan({ 'src/base-connector.ts': own, 'src/chat-connector.ts': text }, 'src/chat-connector.ts', GET_CT)).toEqual([]);
  });
});

describe('an HttpClient POST to an environment\'s token URL whose body is a parameter typed with a class (token-endpoint-form-body)', () => {
  const TOKEN = 'token-endpoint-form-body';
  const ENV = `export const environment = {
  production: false,
  uriAccessToken: 'https://webexapis.com/v1/access_token',
  client_id: 'abc',
};
`;
  const DTO = `import { environment } from 'src/environments/environment';

export class AccessTokenDto {
  grant_type: string = 'authorization_code';
  client_id: string = environment.client_id;
  code = '';
}

export interface TokenForm {
  grant_type: string;
  code: string;
}
`;
  const service = (type: string): string => `import { HttpClient } from '@angular/common/http';
import { Injectable } from '@angular/core';
import { environment } from 'src/environments/environment';
import { AccessTokenDto, TokenForm } from '../models/token.dto';

@Injectable({ providedIn: 'root' })
export class TokenService {
  constructor(private http: HttpClient) {}

  logIn(body: ${type}) {
    return this.http.post(environment.uriAccessToken, body, { observe: 'response' });
  }
}
`;
  const files = (text: string): Record<string, string> => ({
    // `src/environments/environment` resolves from the project's base URL, as the Angular CLI sets it.
    'tsconfig.json': '{ "compilerOptions": { "baseUrl": "./" } }',
    'src/environments/environment.ts': ENV,
    'src/app/models/token.dto.ts': DTO,
    'src/app/services/token.service.ts': text,
  });

  it('positive: an instance of a class of the project is sent as JSON', () => {
    const text = service('AccessTokenDto');
    expect(scan(files(text), 'src/app/services/token.service.ts', TOKEN)).toEqual([`${TOKEN} ${lineOf(text, 'this.http.post')} certain`]);
  });

  it('look-alikes: a body typed as a string (a form the caller builds) or an interface stays quiet', () => {
    expect(scan(files(service('string')), 'src/app/services/token.service.ts', TOKEN)).toEqual([]);
    expect(scan(files(service('TokenForm')), 'src/app/services/token.service.ts', TOKEN)).toEqual([]);
  });
});
