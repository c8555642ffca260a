// webhook-signature-sha1: HMAC-SHA1 made with crypto-js, and a signature compared with a value named as an HMAC
// that another module computed (a body parser's verify hook storing it on the request).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { analyzeFile } from '../engine/analyze.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const projects = tempProjects('cm-cryptojs-');
const scan = (root: string, rel: string): string[] => {
  const file = path.join(root, rel);
  return analyzeFile({ filename: file, text: readFileSync(file, 'utf8') }, { catalog, notices: catalog.notices.filter((n) => n.id === 'webhook-signature-sha1'), engine: {} })
    .matches.map((m) => `${m.loc.start.line} ${m.messageId} ${m.confidence ?? 'certain'}`);
};

const pkg = { 'package.json': JSON.stringify({ name: 'bot', dependencies: { 'crypto-js': '4', express: '4' } }) };
const hook = (module: string, call: string): string => `const sign = require('${module}');

module.exports = {
  keep: (req, res, buf, encoding) => {
    if (process.env.SECRET) {
      req.bodyHmac = ${call}(buf.toString(encoding), process.env.SECRET).toString();
    }
  },
};`;
const route = (compare: string): string => `const express = require('express');
const hooks = require('./hooks/sign');
const app = express();
app.use(express.json({ verify: hooks.keep }));
app.post('/events', (req, res) => {
  if (${compare}) return res.sendStatus(403);
  res.sendStatus(200);
});`;

describe('crypto-js HMAC-SHA1 stored on the request by one module and compared by its importer', () => {
  it('reports the HMAC-SHA1 call and the non-constant-time compare', () => {
    const root = projects({ ...pkg, 'hooks/sign.js': hook('crypto-js/hmac-sha1', 'sign'), 'app.js': route("req.bodyHmac !== req.get('X-Spark-Signature')") });
    expect(scan(root, 'hooks/sign.js')).toEqual(['6 sha1Signature certain']);
    expect(scan(root, 'app.js')).toEqual(['6 nonConstantTimeCompare certain']);
  });
  it('CryptoJS.HmacSHA1 of crypto-js in a handler that reads the header', () => {
    const root = projects({
      'handler.js': `import CryptoJS from 'crypto-js';
export function onEvent(req, res) {
  const mac = CryptoJS.HmacSHA1(JSON.stringify(req.body), process.env.SECRET).toString();
  if (mac === req.headers['x-spark-signature']) res.sendStatus(200);
}`,
    });
    expect(scan(root, 'handler.js')).toEqual(['3 sha1Signature certain', '4 nonConstantTimeCompare certain']);
  });
  it('look-alikes: an importer that does not compare the stored value with a signature header; crypto-js SHA-256; a HmacSHA1 of another library', () => {
    const quiet = projects({ ...pkg, 'hooks/sign.js': hook('crypto-js/hmac-sha1', 'sign'), 'app.js': route("req.bodyHmac !== req.get('X-Other-Header')") });
    expect(scan(quiet, 'hooks/sign.js')).toEqual([]);
    expect(scan(quiet, 'app.js')).toEqual([]);
    const sha256 = projects({ ...pkg, 'hooks/sign.js': hook('crypto-js/hmac-sha256', 'sign'), 'app.js': route("req.bodyHmac !== req.get('X-Spark-Signature')") });
    expect(scan(sha256, 'hooks/sign.js')).toEqual([]);
    const other = projects({
      'handler.js': `const Lib = require('my-hmac');
export function onEvent(req, res) {
  const sig = Lib.HmacSHA1(req.rawBody, process.env.SECRET);
  return sig;
}
export const header = (req) => req.headers['x-spark-signature'];`,
    });
    expect(scan(other, 'handler.js')).toEqual([]);
  });
  it('look-alike: a header compared with a value not named as an HMAC, or with a literal', () => {
    const root = projects({
      'a.js': `export function check(req) {
  const user = req.query.user;
  if (req.get('X-Spark-Signature') === undefined) return false;
  return user !== req.get('X-Spark-Signature');
}`,
    });
    expect(scan(root, 'a.js')).toEqual([]);
  });
});
