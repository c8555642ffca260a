/**
 * Issue 26, hold-out set 16 after its first run (docs/evaluation.md, "Hold-out set 16 after its first run"): the
 * shapes behind its misses, each with the platform's case that must be found and look-alikes that must stay quiet
 * (synthesized code, nothing copied from the set's repositories).
 */
import { describe, expect, it } from 'vitest';
import type { AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { projectFileScans } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-28' } });
const { scanFiles, fixes } = projectFileScans('cm-holdout16-shapes-');
const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('a wrapper whose body is a key of its options parameter (get-request-content-type)', () => {
  const get = only('get-request-content-type');
  /**
   * A client class whose one request helper takes `{ method, path, body }` and sends
   * `body: req.body ? JSON.stringify(req.body) : undefined` (or another form of the same key) with a JSON
   * Content-Type on every call; its methods call the helper with their own options.
   */
  const client = (opts: { calls: string[]; body?: string; retry?: boolean; exported?: boolean }): string => `const ROOT = 'https://webexapis.com/v1';

${opts.exported ? 'export ' : ''}class Chat {
  constructor(token, root) {
    this.token = token;
    this.root = root || ROOT;
  }
${opts.calls.map((c, i) => `
  call${i}(id) {
    return this.${opts.retry ? 'withRetry' : 'send'}(${c});
  }
`).join('')}${opts.retry ? `
  async withRetry(req) {
    for (let tries = 0; tries < 3; tries++) {
      try {
        return await this.send(req);
      } catch (e) {
        if (tries === 2) throw e;
      }
    }
  }
` : ''}
  async send(req) {
    const headers = {
      Authorization: \`Bearer \${this.token}\`,
      'Content-Type': 'application/json',
    };
    const res = await fetch(\`\${this.root}\${req.path}\`, {
      method: req.method,
      headers,
      body: ${opts.body ?? 'req.body ? JSON.stringify(req.body) : undefined'},
    });
    return res.json();
  }
}

${opts.exported ? '' : 'module.exports = new Chat(process.env.TOKEN);\n'}`;
  const GET = "{ method: 'GET', path: `/messages/${id}` }";
  const POST = "{ method: 'POST', path: '/messages', body: { roomId: id, text: 'hi' } }";

  it('positive: a GET call passes no body key; the shared Content-Type goes out with it (no edit: the POST needs it)', () => {
    const text = client({ calls: [GET, POST] });
    expect(scanFiles({ 'chat.js': text }, get)).toEqual([`chat.js:${lineOf(text, "'Content-Type'")} get-request-content-type certain`]);
    expect(fixes({ 'chat.js': text }, get)).toBe(false);
  });
  it('positive: the same through a retrying helper that passes the options on', () => {
    const text = client({ calls: [GET, POST], retry: true });
    expect(scanFiles({ 'chat.js': text }, get)).toEqual([`chat.js:${lineOf(text, "'Content-Type'")} get-request-content-type certain`]);
  });
  it('positive: the guarded body written as `req.body && JSON.stringify(req.body)`', () => {
    const text = client({ calls: [GET, POST], body: 'req.body && JSON.stringify(req.body)' });
    expect(scanFiles({ 'chat.js': text }, get)).toEqual([`chat.js:${lineOf(text, "'Content-Type'")} get-request-content-type certain`]);
  });
  it('positive: a GET that passes `body: undefined` sends none either', () => {
    const text = client({ calls: ["{ method: 'GET', path: `/rooms/${id}`, body: undefined }", POST] });
    expect(scanFiles({ 'chat.js': text }, get)).toEqual([`chat.js:${lineOf(text, "'Content-Type'")} get-request-content-type certain`]);
  });
  it('look-alike: every call of the helper sends a body (POST and PUT with a body key)', () => {
    const text = client({ calls: [POST, "{ method: 'PUT', path: `/messages/${id}`, body: { text: 'edited' } }"] });
    expect(scanFiles({ 'chat.js': text }, get)).toEqual([]);
  });
  it('look-alike: the GET call passes options of its own caller, which nothing in the file fixes (a body may go)', () => {
    const text = client({ calls: ['id'] });
    expect(scanFiles({ 'chat.js': text }, get)).toEqual([]);
  });
  it('look-alike: the same helper on another service\'s host', () => {
    const text = client({ calls: [GET, POST] }).replace("'https://webexapis.com/v1'", "'https://api.example.org/v2'");
    expect(scanFiles({ 'chat.js': text }, get)).toEqual([]);
  });
  it('look-alike: the helper writes its Content-Type only when the options carry a body', () => {
    const text = client({ calls: [GET, POST] }).replace("      'Content-Type': 'application/json',\n", '').replace('    const res = await fetch', "    if (req.body) headers['Content-Type'] = 'application/json';\n    const res = await fetch");
    expect(scanFiles({ 'chat.js': text }, get)).toEqual([]);
  });
});
