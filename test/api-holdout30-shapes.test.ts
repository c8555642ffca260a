/**
 * Hold-out set 30 after its first run (docs/evaluation.md, "Thirtieth session: setfix30b"): the shapes behind its
 * misses, each with look-alikes that must stay quiet (synthesized code, nothing copied from the set's repositories):
 * a browser script loaded by a page of a sibling folder through `../` (`views/index.html` -> `../services/x.js`),
 * and a browser's token exchange through an HTTP client whose base URL is an environment variable the repository
 * gives no value.
 * Projects are small trees in a temporary folder (a `.git` folder marks the root).
 */
import { describe, expect, it } from 'vitest';
import { shapeScans } from './helpers/temp-project.js';

const { project, matches, summary, scan } = shapeScans('cm-holdout30-shapes-', '2026-11-29');
const lineOf = (text: string, needle: string): number => text.slice(0, text.indexOf(needle)).split('\n').length;

const CORS = 'cors-localhost-origins';

describe('a script loaded by a page of a sibling folder through `../` (cors-localhost-origins)', () => {
  /** An AngularJS service (no browser global of its own) calling the API. */
  const SERVICE = `app.service('People', function ($http) {
  this.me = function (token) {
    return $http({
      method: 'GET',
      url: 'https://webexapis.com/v1/people/me',
      headers: { Authorization: 'Bearer ' + token },
    });
  };
});
`;
  const page = (src: string): string => `<!doctype html>
<html ng-app="app">
  <body>
    <div ng-view></div>
    <script src="${src}"></script>
  </body>
</html>
`;
  const SERVER = `const express = require('express');
const app = express();
app.use('/services', express.static('./services'));
app.use('/views', express.static('./views'));
app.listen(8087);
`;
  const files = (pages: Record<string, string>): Record<string, string> => ({ 'services/people.js': SERVICE, 'index.js': SERVER, ...pages });
  const urlLine = lineOf(SERVICE, "url: 'https://webexapis.com");

  it('positive: `views/index.html` loading `../services/people.js` (a space inside the quotes too) makes the service browser code', () => {
    expect(scan(files({ 'views/index.html': page('../services/people.js') }), 'services/people.js', CORS)).toEqual([`${CORS} ${urlLine} certain`]);
    expect(scan(files({ 'views/index.html': page(' ../services/people.js ') }), 'services/people.js', CORS)).toEqual([`${CORS} ${urlLine} certain`]);
    // A page two folders away (`site/pages/`) resolves its path the same way.
    expect(scan(files({ 'site/pages/home.html': page('../../services/people.js') }), 'services/people.js', CORS)).toEqual([`${CORS} ${urlLine} certain`]);
  });

  it('look-alikes: a sibling page loading another script, the same file name in another folder, a deployed copy, a server template: quiet', () => {
    expect(scan(files({ 'views/index.html': page('../services/rooms.js') }), 'services/people.js', CORS)).toEqual([]);
    expect(scan(files({ 'views/index.html': page('../lib/people.js') }), 'services/people.js', CORS)).toEqual([]);
    expect(scan(files({ 'views/index.html': page('https://cdn.example.net/services/people.js') }), 'services/people.js', CORS)).toEqual([]);
    expect(scan(files({ 'views/index.ejs': page('../services/people.js') }), 'services/people.js', CORS)).toEqual([]);
    // A page inside `node_modules` or a dot folder is not the project's.
    expect(scan(files({ 'node_modules/demo/index.html': page('../../services/people.js') }), 'services/people.js', CORS)).toEqual([]);
  });
});

describe('a browser\'s token exchange through a client whose base URL is an unset environment variable (cors-localhost-origins)', () => {
  const API = `import axios from 'axios';

const api = axios.create({
  baseURL: process.env.REACT_APP_URL_TOKEN,
});

export default api;
`;
  /** The module exchanging the code: `body` is the JSON body's keys, `sdk` the chat SDK it also uses, `path` the path posted to. */
  const exchange = (body: string, sdk = 'webex', path = '/access_token'): string => `import { init as initSdk } from '${sdk}';
import api from './api';

export async function token(code) {
  const data = JSON.stringify({
    ${body}
  });
  return await api.post("${path}", data, {
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
  }).then((response) => {
    localStorage.setItem('auth', response.data.access_token);
    return true;
  });
}

export const client = () => initSdk({ credentials: { access_token: localStorage.getItem('auth') } });
`;
  const BODY = `code,
    redirect_uri: process.env.REACT_APP_REDIRECT_URI,
    client_id: process.env.REACT_APP_CLIENT_ID,
    grant_type: 'authorization_code',
    client_secret: process.env.REACT_APP_CLIENT_SECRET,`;
  const PKG = JSON.stringify({ name: 'plugin-app', private: true, dependencies: { axios: '^0.21.1', react: '^17.0.2', 'react-dom': '^17.0.2', 'react-scripts': '4.0.3', webex: '^1.125.0' }, scripts: { start: 'react-scripts start' } });
  /** The app's entry, which imports the module (a module nothing imports is in no page). */
  const INDEX = `import React from 'react';
import ReactDOM from 'react-dom';
import { token } from './services/functions';

ReactDOM.render(<button onClick={() => token(new URLSearchParams(window.location.search).get('code'))}>Sign in</button>, document.getElementById('root'));
`;
  const app = (text: string, extra: Record<string, string> = {}): Record<string, string> => ({ 'package.json': PKG, 'src/index.js': INDEX, 'src/services/api.js': API, 'src/services/functions.js': text, ...extra });
  const scanExchange = (files: Record<string, string>): string[] => scan(files, 'src/services/functions.js', CORS);

  it('positive: `POST /access_token` with the app\'s client_secret, in a module naming the platform, is reported likely with the variable named', () => {
    const text = exchange(BODY);
    const files = app(text);
    const found = matches(project(files), files, 'src/services/functions.js', CORS);
    expect(found.map(summary)).toEqual([`${CORS} ${lineOf(text, '"/access_token"')} likely`]);
    expect(found[0].confidenceReason).toContain('REACT_APP_URL_TOKEN');
  });

  it('look-alikes: no client_secret (the app\'s own back end completes the exchange), no platform in the module, another path: quiet', () => {
    expect(scanExchange(app(exchange('code,\n    redirect_uri: process.env.REACT_APP_REDIRECT_URI,')))).toEqual([]);
    expect(scanExchange(app(exchange(BODY, 'chat-sdk')))).toEqual([]);
    expect(scanExchange(app(exchange(BODY, 'webex', '/people')))).toEqual([]);
  });

  it('look-alikes: a base the repository gives a value (loopback, or another service) decides by its host: quiet', () => {
    expect(scanExchange(app(exchange(BODY), { '.env': 'REACT_APP_URL_TOKEN=http://localhost:3001\n' }))).toEqual([]);
    expect(scanExchange(app(exchange(BODY), { '.env': 'REACT_APP_URL_TOKEN=https://github.com/login/oauth\n' }))).toEqual([]);
  });

  it('look-alike: the same exchange in server code (an Express app, no browser evidence) stays quiet', () => {
    const server = JSON.stringify({ name: 'server', dependencies: { axios: '^1.6.0', express: '^4.18.0', webex: '^3.0.0' } });
    const text = exchange(BODY).replaceAll('localStorage.setItem', 'cache.set').replace("localStorage.getItem('auth')", "cache.get('auth')");
    const main = "const express = require('express');\nconst { token } = require('./services/functions');\nexpress().get('/cb', async (req, res) => res.json(await token(req.query.code))).listen(3000);\n";
    expect(scanExchange({ 'package.json': server, 'src/server.js': main, 'src/services/api.js': API, 'src/services/functions.js': text })).toEqual([]);
  });
});
