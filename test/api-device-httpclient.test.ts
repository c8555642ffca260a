/**
 * Issue 26, the seen sets' remaining misses (docs/evaluation.md, "The seen sets' remaining misses"): a video device's
 * HttpClient, as RoomOS macros and jsxapi scripts call it (`xapi.command('HttpClient Get', { Header, Url }, body)`,
 * `xapi.Command.HttpClient.Post(params, body)`), read as a request for every notice that reads a request's method,
 * URL, headers or body. Headers are `Name: value` strings of the `Header` list. Synthesized code only.
 */
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { applyEdits } from '../engine/fix/edits.js';
import type { Match } from '../engine/types.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-27' } });
const scan = (text: string, opts: AnalyzeOptions, name = 'macro.js'): Match[] => analyzeFile({ filename: name, text }, opts).matches;
const lines = (m: readonly Match[]): string[] => m.map((x) => `${x.noticeId} ${x.loc.start.line}`);
const fixed = (text: string, m: readonly Match[]): string => applyEdits(text, m.map((x) => x.fix ?? [])).output;

const getCt = only('get-request-content-type');
const bearer = only('authorization-bearer-scheme');

describe('device HttpClient: a GET with a Content-Type line (get-request-content-type)', () => {
  const macro = (command: string, url: string, extra = ''): string => `import xapi from 'xapi';
const PEOPLE = '${url}';
function lookUp(personId) {
  return ${command}{
    Header: [
      'Content-Type: application/json',
      'Authorization: Bearer ' + MACRO_TOKEN,
    ],
    Url: PEOPLE + '?id=' + personId,
  }${extra});
}
`;
  it('positive: `xapi.command("HttpClient Get", ...)` to the API, reported at the line, the fix removes it from the list', () => {
    const src = macro("xapi.command('HttpClient Get', ", 'https://webexapis.com/v1/people');
    const found = scan(src, getCt);
    expect(lines(found)).toEqual(['get-request-content-type 6']);
    expect(fixed(src, found)).not.toContain('Content-Type');
    expect(fixed(src, found)).toContain("'Authorization: Bearer ' + MACRO_TOKEN,");
  });
  it('positive: `xapi.Command.HttpClient.Get(...)` with the header line kept in a constant of the list', () => {
    const text = `const xapi = require('xapi');
const JSON_TYPE = 'Content-Type: application/json';
const AUTH = \`Authorization: Bearer \${DEVICE_BOT}\`;
async function rooms() {
  const reply = await xapi.Command.HttpClient.Get({ Header: [JSON_TYPE, AUTH], Url: 'https://webexapis.com/v1/rooms', ResultBody: 'PlainText' });
  return JSON.parse(reply.Body);
}
`;
    const found = scan(text, getCt);
    expect(lines(found)).toEqual(['get-request-content-type 5']);
  });
  it('positive: a header list kept in a variable, the command name in any case', () => {
    const text = `const headers = ['Accept: application/json', 'content-type: application/json; charset=utf-8'];
xapi.command('httpclient get', { Header: headers, Url: 'https://webexapis.com/v1/people/me' });
`;
    expect(lines(scan(text, getCt))).toEqual(['get-request-content-type 1']);
  });
  it('look-alike: the same lines on an HttpClient Post with a body stay quiet', () => {
    const text = `xapi.command('HttpClient Post', {
  Header: ['Content-Type: application/json', 'Authorization: Bearer ' + MACRO_TOKEN],
  Url: 'https://webexapis.com/v1/messages',
}, JSON.stringify({ roomId, text: 'Visitor at the front desk' }));
`;
    expect(lines(scan(text, getCt))).toEqual([]);
  });
  it('look-alike: a GET with a Content-Type line to another service stays quiet', () => {
    const text = macro("xapi.command('HttpClient Get', ", 'https://tickets.example.org/api/now/table/sys_user');
    expect(lines(scan(text, getCt))).toEqual([]);
  });
  it('look-alike: a GET to the API whose lines hold no Content-Type (Accept only) stays quiet', () => {
    const text = `xapi.Command.HttpClient.Get({ Header: ['Accept: application/json', 'Authorization: Bearer ' + MACRO_TOKEN], Url: 'https://webexapis.com/v1/rooms' });
`;
    expect(lines(scan(text, getCt))).toEqual([]);
  });
  it('look-alike: another device command with a Header-like list (not HttpClient) stays quiet', () => {
    const text = `xapi.command('UserInterface Message Prompt Display', { Header: ['Content-Type: application/json'], Url: 'https://webexapis.com/v1/rooms' });
xapi.Command.UserInterface.Extensions.Get({ Header: ['Content-Type: application/json'], Url: 'https://webexapis.com/v1/rooms' });
`;
    expect(lines(scan(text, getCt))).toEqual([]);
  });
});

describe('device HttpClient through a wrapper of the macro', () => {
  const macro = (getPath: string): string => `const BASE = 'https://webexapis.com/v1/';
const LINES = ['Content-Type: application/json', 'Authorization: Bearer ' + TOKEN];
function deviceGet(path) {
  return xapi.Command.HttpClient.Get({ Header: LINES, Url: BASE + path });
}
function devicePost(path, body) {
  return xapi.command('HttpClient Post', { Header: LINES, Url: BASE + path }, JSON.stringify(body));
}
async function main() {
  ${getPath}
  await devicePost('messages', { markdown: 'Checked in' });
}
`;
  it('positive: a GET wrapper called with an API path: the shared line is reported, without an edit (the POST sends it too)', () => {
    const found = scan(macro("await deviceGet('people/me');"), getCt);
    expect(lines(found)).toEqual(['get-request-content-type 2']);
    expect(found[0].fix ?? []).toEqual([]);
  });
  it("look-alike: the POST wrapper's calls keep the command's verb (a POST with a body): quiet when the GET wrapper is not called", () => {
    expect(lines(scan(macro(''), getCt))).toEqual([]);
  });
});

describe('device HttpClient: the Authorization line (authorization-bearer-scheme)', () => {
  it('positive: a token alone after the name (`"Authorization: " + token`), fixed to the Bearer scheme', () => {
    const text = `xapi.command('HttpClient Post', { Header: ['Content-Type: application/json', 'Authorization: ' + botToken], Url: 'https://webexapis.com/v1/messages' }, JSON.stringify(card));
`;
    const found = scan(text, bearer);
    expect(lines(found)).toEqual(['authorization-bearer-scheme 1']);
    expect(fixed(text, found)).toContain("'Authorization: Bearer ' + botToken");
  });
  it('positive: a template line with a token alone, and another scheme word', () => {
    const text = `xapi.Command.HttpClient.Get({ Header: [\`Authorization: \${accessToken}\`], Url: 'https://webexapis.com/v1/rooms' });
xapi.Command.HttpClient.Get({ Header: ['Authorization: Token ' + accessToken], Url: 'https://webexapis.com/v1/teams' });
`;
    const found = scan(text, bearer);
    expect(lines(found)).toEqual(['authorization-bearer-scheme 1', 'authorization-bearer-scheme 2']);
    const out = fixed(text, found);
    expect(out).toContain('`Authorization: Bearer ${accessToken}`');
    expect(out).toContain("'Authorization: Bearer ' + accessToken");
  });
  it('look-alike: the Bearer scheme in a line, and Basic to another service, stay quiet', () => {
    const text = `const AUTH = \`Authorization: Bearer \${botToken}\`;
xapi.command('HttpClient Get', { Header: [AUTH], Url: 'https://webexapis.com/v1/rooms' });
xapi.Command.HttpClient.Post({ Header: ['Authorization: Basic ' + mailHash], Url: 'https://api.mail.example.net/v3/messages' }, '');
xapi.command('HttpClient Get', { Header: ['Authorization: Bearer ' + botToken], Url: 'https://webexapis.com/v1/people/me' });
`;
    expect(lines(scan(text, bearer))).toEqual([]);
  });
});

describe('device HttpClient: the body argument (token-endpoint-form-body)', () => {
  const exchange = (body: string): string => `function refresh(refreshToken) {
  return xapi.command('HttpClient Post', { Header: ['Content-Type: application/json'], Url: 'https://webexapis.com/v1/access_token' },
    ${body});
}
`;
  it('positive: a JSON body to the token endpoint, reported without an edit (the device sends a string body)', () => {
    const found = scan(exchange("JSON.stringify({ grant_type: 'refresh_token', client_id: ID, client_secret: SECRET, refresh_token: refreshToken })"), only('token-endpoint-form-body'));
    expect(lines(found)).toEqual(['token-endpoint-form-body 3']);
    expect(found[0].fix ?? []).toEqual([]);
  });
  it("positive: through a macro's POST wrapper, the call keeps the command's verb (a POST, not the options' default GET)", () => {
    const text = `function devicePost(url, body) {
  return xapi.command('HttpClient Post', { Header: ['Content-Type: application/json'], Url: url }, JSON.stringify(body));
}
function refresh(refreshToken) {
  return devicePost('https://webexapis.com/v1/access_token', { grant_type: 'refresh_token', client_id: ID, client_secret: SECRET, refresh_token: refreshToken });
}
`;
    expect(lines(scan(text, only('token-endpoint-form-body')))).toEqual(['token-endpoint-form-body 5']);
  });
  it('look-alike: a form-encoded string body to the same endpoint stays quiet', () => {
    const found = scan(exchange("'grant_type=refresh_token&client_id=' + ID + '&refresh_token=' + refreshToken"), only('token-endpoint-form-body'));
    expect(lines(found)).toEqual([]);
  });
});

describe('device HttpClient: sent by the device, not by a browser (cors-localhost-origins)', () => {
  it('look-alike: a page script driving a device through jsxapi has the device send the request: quiet', () => {
    const text = `<!doctype html>
<html><body><button id="go">Go</button>
<script type="module">
import jsxapi from './jsxapi.js';
const xapi = await jsxapi.connect('wss://10.0.0.12', { username: 'admin', password: '' });
document.getElementById('go').onclick = () => xapi.Command.HttpClient.Get({ Header: ['Authorization: Bearer ' + localStorage.token], Url: 'https://webexapis.com/v1/rooms' });
</script></body></html>
`;
    expect(lines(scan(text, only('cors-localhost-origins'), 'panel.html'))).toEqual([]);
  });
  it('positive (control): the same page calling the API with fetch is reported', () => {
    const text = `<!doctype html>
<html><body><button id="go">Go</button>
<script type="module">
document.getElementById('go').onclick = () => fetch('https://webexapis.com/v1/rooms', { headers: { Authorization: 'Bearer ' + localStorage.token } });
</script></body></html>
`;
    expect(lines(scan(text, only('cors-localhost-origins'), 'panel.html'))).toEqual(['cors-localhost-origins 4']);
  });
});
