/**
 * Issue 26, hold-out set 18 after its first run (docs/evaluation.md, "Hold-out set 18 after its first run (branch
 * `holdout18`)"): the shapes behind its misses, each with the platform's case that must be found and look-alikes that
 * must stay quiet (synthesized code, nothing copied from the set's repositories).
 */
import { describe, expect, it } from 'vitest';
import type { AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { projectFileScans } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-28' } });
const { scanFiles, fixes } = projectFileScans('cm-holdout18-shapes-');
const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('a request-promise GET whose options give a body (get-request-content-type)', () => {
  const get = only('get-request-content-type');
  /** An Express route that asks for a membership with an options object handed to request-promise. */
  const route = (opts: { method?: 'GET' | 'POST'; contentType: boolean; body: boolean }): string => `const express = require('express');
const rp = require('request-promise');
const router = express.Router();

router.post('/join', function (req, res) {
  const options = {
${opts.method ? `    method: '${opts.method}',\n` : ''}    uri: 'https://webexapis.com/v1/memberships',
    headers: {
${opts.contentType ? "      'content-type': 'application/json',\n" : ''}      Authorization: 'Bearer ' + process.env.BOT_TOKEN,
    },
${opts.body ? '    body: { roomId: req.body.roomId, personEmail: req.body.email },\n' : ''}    json: true,
  };
  rp(options).then((out) => res.send(out)).catch((err) => res.status(500).send(err.message));
});

module.exports = router;
`;

  it('positive: method GET with a body and a JSON Content-Type: request sends both (reported at the header, no edit)', () => {
    const text = route({ method: 'GET', contentType: true, body: true });
    expect(scanFiles({ 'routes/join.js': text }, get)).toEqual([`routes/join.js:${lineOf(text, "'content-type'")} get-request-content-type certain`]);
    expect(fixes({ 'routes/join.js': text }, get)).toBe(false);
  });
  it('positive: the same GET without a body stays reported (and is fixed by removing the header)', () => {
    const text = route({ method: 'GET', contentType: true, body: false });
    expect(scanFiles({ 'routes/join.js': text }, get)).toEqual([`routes/join.js:${lineOf(text, "'content-type'")} get-request-content-type certain`]);
  });
  it('look-alike: the same options with method POST', () => {
    expect(scanFiles({ 'routes/join.js': route({ method: 'POST', contentType: true, body: true }) }, get)).toEqual([]);
  });
  it('look-alike: a GET with a body but no Content-Type written', () => {
    expect(scanFiles({ 'routes/join.js': route({ method: 'GET', contentType: false, body: true }) }, get)).toEqual([]);
  });
  it('look-alike: no method written (request\'s default) with a body: not taken to be a GET that gives data', () => {
    expect(scanFiles({ 'routes/join.js': route({ contentType: true, body: true }) }, get)).toEqual([]);
  });
});

describe('a helper whose options are Object.assign({ method: \'GET\' }, options, { url }) (get-request-content-type)', () => {
  const get = only('get-request-content-type');
  /** A module whose JSON helper defaults the method to GET and merges the caller's options, then one call of it. */
  const helper = (opts: { later?: string; call: 'get' | 'post'; contentType?: boolean }): string => `const fetch = require('node-fetch');

const send = async (path, options = {}) => {
  const init = Object.assign({ method: 'GET' }, options, { ${opts.later ?? "url: new URL(path, 'https://webexapis.com').toString()"} });
  const res = await fetch(init.url, init);
  return res.json();
};

const JSON_HEADERS = Object.freeze({
  accept: 'application/json',
  authorization: \`Bearer \${process.env.BOT_TOKEN}\`,${opts.contentType === false ? '' : "\n  'content-type': 'application/json',"}
});

module.exports = {
  ${opts.call === 'get' ? 'readRoom: (id) => send(`/v1/rooms/${id}`, { headers: JSON_HEADERS }),' : "createRoom: (title) => send('/v1/rooms', { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ title }) }),"}
};
`;

  it('positive: a GET through the helper carries the caller\'s JSON Content-Type (reported where it is written)', () => {
    const text = helper({ call: 'get' });
    expect(scanFiles({ 'clients.js': text }, get)).toEqual([`clients.js:${lineOf(text, "'content-type'")} get-request-content-type certain`]);
  });
  it('look-alike: the same helper called with a POST and a body', () => {
    expect(scanFiles({ 'clients.js': helper({ call: 'post' }) }, get)).toEqual([]);
  });
  it('look-alike: a later part of the merge writes the headers (the caller\'s are replaced)', () => {
    const text = helper({ call: 'get', later: "url: new URL(path, 'https://webexapis.com').toString(), headers: { authorization: `Bearer ${process.env.BOT_TOKEN}` }" });
    expect(scanFiles({ 'clients.js': text }, get)).toEqual([]);
  });
  it('look-alike: the caller\'s headers carry no Content-Type', () => {
    expect(scanFiles({ 'clients.js': helper({ call: 'get', contentType: false }) }, get)).toEqual([]);
  });
});
