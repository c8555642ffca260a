/**
 * Issue 26, hold-out set 13 after its first run (docs/evaluation.md, "Hold-out set 13 after its first run"): the
 * shape behind its one miss, with the platform's case that must be found and look-alikes that must stay quiet
 * (synthesized code, nothing copied from the set's repositories).
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-27' } });
const project = tempProjects('cm-holdout13-shapes-');
/** Every file of a project written on disk, scanned with the project model; findings as `file:line notice confidence`. */
const scanFiles = (files: Record<string, string>, opts: AnalyzeOptions): string[] => {
  const root = project(files);
  return Object.keys(files).flatMap((rel) =>
    analyzeFile({ filename: path.join(root, rel), text: files[rel] }, opts).matches.map((m) => `${rel}:${m.loc.start.line} ${m.noticeId} ${m.confidence ?? 'certain'}`),
  );
};

describe('an authorize URL whose base is a key of the options object a class keeps in a field (oauth-authorize-state-missing)', () => {
  const state = only('oauth-authorize-state-missing');
  /** A sign-in helper class: its options object comes through a constructor parameter with a default, or is written directly. */
  const signIn = (opts: { responseType: string; state: boolean; ctor: 'default' | 'direct' | 'initializer' | 'required'; base?: string }): string => `const SETTINGS = {
  appId: 'app-123',
  loginUrl: '${opts.base ?? 'https://webexapis.com/v1/authorize'}',
  back: 'https://example.org/callback',
};

class SignIn {
  #settings${opts.ctor === 'initializer' ? ' = SETTINGS' : ''};

  constructor(${opts.ctor === 'default' ? 'settings = SETTINGS' : opts.ctor === 'required' ? 'settings' : ''}) {
    ${opts.ctor === 'default' || opts.ctor === 'required' ? 'this.#settings = settings;' : opts.ctor === 'direct' ? 'this.#settings = SETTINGS;' : ''}
  }

  go(nonce) {
    const query = new URLSearchParams({
      client_id: this.#settings.appId,
      response_type: '${opts.responseType}',
      redirect_uri: this.#settings.back,${opts.state ? '\n      state: nonce,' : ''}
    });
    window.location.assign(\`\${this.#settings.loginUrl}?\${query.toString()}\`);
  }
}

export default SignIn;
`;
  const at = (text: string): number => text.split('\n').findIndex((l) => l.includes('window.location.assign')) + 1;

  it('positive: the implicit grant through a constructor parameter whose default is the options object (likely: a caller may pass another)', () => {
    const text = signIn({ responseType: 'token', state: true, ctor: 'default' });
    expect(scanFiles({ 'signin.js': text }, state)).toEqual([`signin.js:${at(text)} oauth-authorize-state-missing likely`]);
  });
  it('positive: no state, the field written with the options object itself (certain)', () => {
    const text = signIn({ responseType: 'code', state: false, ctor: 'direct' });
    expect(scanFiles({ 'signin.js': text }, state)).toEqual([`signin.js:${at(text)} oauth-authorize-state-missing certain`]);
  });
  it('positive: the field initialised with the options object', () => {
    const text = signIn({ responseType: 'token', state: true, ctor: 'initializer' });
    expect(scanFiles({ 'signin.js': text }, state)).toEqual([`signin.js:${at(text)} oauth-authorize-state-missing certain`]);
  });
  it('look-alike: the code grant with a state through the same field stays quiet', () => {
    expect(scanFiles({ 'signin.js': signIn({ responseType: 'code', state: true, ctor: 'default' }) }, state)).toEqual([]);
  });
  it('look-alike: a parameter without a default (the object a caller passes is not known) stays quiet', () => {
    expect(scanFiles({ 'signin.js': signIn({ responseType: 'token', state: true, ctor: 'required' }) }, state)).toEqual([]);
  });
  it('look-alike: the same class signing in to another service stays quiet', () => {
    expect(scanFiles({ 'signin.js': signIn({ responseType: 'token', state: true, ctor: 'default', base: 'https://login.example.com/oauth2/authorize' }) }, state)).toEqual([]);
  });
});
