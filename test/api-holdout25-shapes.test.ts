/**
 * Hold-out set 25 after its first run (docs/evaluation.md, "Twenty-eighth session: set25fix"): the shapes behind its
 * misses and false positives, each with the platform's case and look-alikes that must stay as they are (synthesized
 * code, nothing copied from the set's repositories): a request URL that is a same-file function's parameter, filled at
 * the call sites from a file global of the same name (declared twice with one literal) and extended inside the
 * function; guest claims and a `new Buffer.from(secret, 'base64')` key held in `var`s; guest claims a promise resolves;
 * browser pages whose HTTPS origin the repository gives only as an OAuth redirect URI held in a variable; and an
 * authorize URL's `state` read from a classic script's empty global that the page loading the script assigns.
 * Projects are small trees in a temporary folder (a `.git` folder marks the root).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shapeScans } from './helpers/temp-project.js';

const { project, matches, summary, scan } = shapeScans('cm-holdout25-shapes-', '2026-11-28');
const lineOf = (text: string, needle: string): number => text.slice(0, text.indexOf(needle)).split('\n').length;

const GET_CT = 'get-request-content-type';
const GUEST = 'guest-issuer-end-of-life';
const CORS = 'cors-localhost-origins';
const STATE = 'oauth-authorize-state-missing';

describe('a URL parameter filled at the call sites from a same-named global (get-request-content-type)', () => {
  /**
   * The fix pair's input: a jQuery lister whose `url` parameter shadows the file's `var url` (declared twice with one
   * literal), extended inside it, called with the global; `lister` writes other URLs into its two declarations.
   */
  const FIXTURE = readFileSync(new URL('./fixtures/get-request-content-type/global-url-parameter.input.js', import.meta.url), 'utf8');
  const WEBEX = 'https://webexapis.com/v1/rooms';
  const lister = (first: string, second = first, extra = ''): string => {
    let n = 0;
    return FIXTURE.replaceAll(`var url = "${WEBEX}";`, () => `var url = "${n++ === 0 ? first : second}";`).replace('function listRooms', `${extra}\nfunction listRooms`);
  };
  const headerLine = (text: string): number => lineOf(text, "'Content-Type'");

  it('positive: the global (declared twice with one literal) is what the parameter holds; the write inside the function is the parameter\'s', () => {
    const text = lister(WEBEX);
    expect(text).toBe(FIXTURE.replace('function listRooms', '\nfunction listRooms'));
    const found = matches(project({ 'js/rooms.js': text }), { 'js/rooms.js': text }, 'js/rooms.js', GET_CT);
    expect(found.map(summary)).toEqual([`${GET_CT} ${headerLine(text)} certain`]);
    // The request is a GET wherever it is called from: the header goes (the fix pair global-url-parameter.*).
    expect(found[0].fix).toBeDefined();
  });

  it('look-alikes: another service\'s URL, or a global declared again with another URL, stays quiet', () => {
    expect(scan({ 'js/rooms.js': lister('https://api.example.com/v2/rooms') }, 'js/rooms.js', GET_CT)).toEqual([]);
    // Which declaration ran last decides: not the API for sure.
    expect(scan({ 'js/rooms.js': lister(WEBEX, 'https://api.example.com/v2/rooms') }, 'js/rooms.js', GET_CT)).toEqual([]);
  });

  it('look-alike: a function that writes the global itself (no parameter of that name) leaves its value unknown', () => {
    expect(scan({ 'js/rooms.js': lister(WEBEX, WEBEX, 'function useMirror(u) { url = u; }') }, 'js/rooms.js', GET_CT)).toEqual([]);
  });
});

describe('guest claims and a base64 key held in `var`s, the key made with `new Buffer.from(...)` (guest-issuer-end-of-life)', () => {
  const route = (claims: string, key: string): string => `var jwt = require('jsonwebtoken');
var express = require('express');
var app = express();
app.get('/guest', function (req, res) {
  var PAYLOAD = ${claims};
  var secret = process.env.GUEST_SECRET;
  var key = ${key};
  var token = jwt.sign(
    PAYLOAD,
    key
  );
  res.send({ token: token });
});
`;
  const GUEST_CLAIMS = '{ "sub": "guest-1", "name": req.query.name, "iss": process.env.GUEST_ISSUER_ID }';

  it('positive: quoted claim keys and `new Buffer.from(secret, \'base64\')` are the guest issuer\'s signing', () => {
    const text = route(GUEST_CLAIMS, "new Buffer.from(secret, 'base64')");
    expect(scan({ 'index.js': text }, 'index.js', GUEST)).toEqual([`${GUEST} ${lineOf(text, 'jwt.sign(')} certain`]);
  });

  it('look-alikes: a key not decoded from base64, or claims that are not a guest\'s, stay quiet', () => {
    expect(scan({ 'index.js': route(GUEST_CLAIMS, "new Buffer.from(secret, 'utf8')") }, 'index.js', GUEST)).toEqual([]);
    expect(scan({ 'index.js': route('{ "sub": "user-1", "role": "admin" }', "new Buffer.from(secret, 'base64')") }, 'index.js', GUEST)).toEqual([]);
  });
});

describe('guest claims built in another function and handed over through a promise (guest-issuer-end-of-life)', () => {
  const module = (resolved: string): string => `var jwt = require('jsonwebtoken');

var makeClaims = function (issuer, userId, displayName) {
  return new Promise(function (resolve, reject) {
    if (!issuer || !userId) return reject(new Error('missing'));
    resolve(${resolved});
  });
};

var makeToken = function (issuer, secret, userId, displayName) {
  return new Promise(function (resolve, reject) {
    return makeClaims(issuer, userId, displayName)
      .then(function (claims) {
        resolve(jwt.sign(claims, Buffer.from(secret, 'base64'), { expiresIn: '1h' }));
      })
      .catch(reject);
  });
};

module.exports = { makeToken: makeToken };
`;

  it('positive: the object the promise resolves to is the payload', () => {
    const text = module('{ sub: userId, name: displayName, iss: issuer }');
    expect(scan({ 'token.js': text }, 'token.js', GUEST)).toEqual([`${GUEST} ${lineOf(text, 'jwt.sign(')} certain`]);
  });

  it('look-alike: a promise resolving a session\'s claims (no guest issuer) stays quiet', () => {
    expect(scan({ 'token.js': module('{ sub: userId, role: "member" }') }, 'token.js', GUEST)).toEqual([]);
  });
});

describe('pages whose HTTPS origin is the OAuth redirect URI a sibling script keeps in a variable (cors-localhost-origins)', () => {
  /** A site of PHP pages: the index page's login script sends the redirect URI; another page's script calls the API. */
  const site = (redirect: string, extra: Record<string, string> = {}): Record<string, string> => ({
    'index.html': '<html><body><a href="home.php">Home</a><script src="js/jquery.min.js"></script><script src="js/login.js"></script></body></html>\n',
    'rooms.php': '<?php include "header.php"; ?>\n<script src="js/rooms.js"></script>\n',
    'js/login.js': `var clientId = "C0ffee";
var appRedirectUri = ${redirect};
function requestCode() {
  window.location = 'https://webexapis.com/v1/authorize?' + 'client_id=' + clientId + '&response_type=code&' +
    'redirect_uri=' + encodeURIComponent(appRedirectUri) + '&scope=spark%3Aall&state=' + Math.random();
}
`,
    'js/rooms.js': `var token = localStorage.getItem('token');
function rooms() {
  $.ajax({ url: 'https://webexapis.com/v1/rooms', headers: { Authorization: 'Bearer ' + token }, method: 'POST', data: JSON.stringify({ title: 'x' }) });
}
`,
    ...extra,
  });
  const scanRooms = (files: Record<string, string>): string[] => scan(files, 'js/rooms.js', CORS);

  it('positive: a redirect URI at an HTTPS origin, given by name, serves the site there: quiet', () => {
    expect(scanRooms(site('"https://roomtools.net/"'))).toEqual([]);
  });

  it('look-alikes: a loopback or plain-HTTP redirect, one that names another page, or one the code does not write stays reported', () => {
    for (const redirect of ['"http://localhost:8000/"', '"http://roomtools.net/"', '"https://roomtools.net/callback.html"', '"https://roomtools.net/oauth/callback"', "window.location.origin + '/'"]) {
      expect(scanRooms(site(redirect)), redirect).toEqual([`${CORS} 3 certain`]);
    }
  });

  it('look-alike: a redirect URI only in the docs or a comment (an example to copy) says nothing of where the pages are served', () => {
    const files = site("window.location.origin + '/'", { 'docs/setup.md': 'Register `https://roomtools.net/` and send it: `redirect_uri=https://roomtools.net/`.\n' });
    expect(scanRooms(files)).toEqual([`${CORS} 3 certain`]);
    const commented = site("window.location.origin + '/'", { 'js/old.js': '// https://webexapis.com/v1/authorize?client_id=C0ffee&redirect_uri=https://roomtools.net/\n' });
    expect(scanRooms(commented)).toEqual([`${CORS} 3 certain`]);
  });

  it('look-alike: an editor launch configuration that opens the site at a local address keeps it reported', () => {
    const launch = JSON.stringify({ version: '0.2.0', configurations: [{ type: 'chrome', request: 'launch', name: 'Site', url: 'http://localhost:8080', webRoot: '${workspaceFolder}' }] });
    expect(scanRooms(site('"https://roomtools.net/"', { '.vscode/launch.json': launch }))).toEqual([`${CORS} 3 certain`]);
  });
});

describe('an authorize `state` from a classic script\'s empty global that the page loading it assigns (oauth-authorize-state-missing)', () => {
  const script = (moduleLine = ''): string => `${moduleLine}var userId = "";
var integrationId = "";
function connect() {
  window.location.href = "https://webexapis.com/v1/authorize?client_id=C0ffee&response_type=code&redirect_uri=https%3A%2F%2Fapps.roomtools.net%2Fdone.html&scope=spark%3Aall&state=" + integrationId;
}
`;
  const page = (src: string, handler: string): string => `<html><head>
<script src="${src}"></script>
<script>
$('.tile').on('click', function () {
  ${handler}
  connect();
});
</script></head></html>
`;
  const AUTHORIZE_LINE = 4;

  it('positive: the page (loading the deployed copy of the script) assigns the global before the flow: quiet', () => {
    expect(scan({ 'web/connect.js': script(), 'web/start.html': page('https://apps.roomtools.net/app/connect.js', 'integrationId = this.id;') }, 'web/connect.js', STATE)).toEqual([]);
    expect(scan({ 'web/connect.js': script(), 'web/start.html': page('connect.js', 'integrationId = this.id;') }, 'web/connect.js', STATE)).toEqual([]);
  });

  it('look-alikes: a page that declares its own variable, a page that does not load the script, or an ES module stays reported', () => {
    const reported = [`${STATE} ${AUTHORIZE_LINE} likely`];
    expect(scan({ 'web/connect.js': script(), 'web/start.html': page('connect.js', 'var integrationId = this.id;') }, 'web/connect.js', STATE)).toEqual(reported);
    expect(scan({ 'web/connect.js': script(), 'web/start.html': page('other.js', 'integrationId = this.id;') }, 'web/connect.js', STATE)).toEqual(reported);
    expect(scan({ 'web/connect.js': script(), 'web/start.html': page('connect.js', 'userId = this.id;') }, 'web/connect.js', STATE)).toEqual(reported);
    const esm = script('export { connect };\n');
    expect(scan({ 'web/connect.js': esm, 'web/start.html': page('connect.js', 'integrationId = this.id;') }, 'web/connect.js', STATE)).toEqual([`${STATE} ${AUTHORIZE_LINE + 1} likely`]);
  });
});
