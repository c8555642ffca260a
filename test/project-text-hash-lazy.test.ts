/**
 * Issue 30 (the project model's reading of module texts, engine/project/modules.ts): a module's content hash is
 * worked out only when an analysis records what it read (`--cache`, the ESLint plugin), no longer on every read; a
 * module parsed after its text was read takes that text instead of reading the file again; copies of a text share
 * what is read out of it, found by the text itself. What an analysis records must be what the eager code recorded:
 * the SHA-1 of the file's bytes as read (a byte order mark included), for a text read while nothing recorded as
 * well; and an edit must still be seen.
 */
import { createHash } from 'node:crypto';
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setJournaling } from '../engine/project/journal.js';
import { holdFilesSteady, projectOf } from '../engine/project/modules.js';
import { tempProjects } from './helpers/temp-project.js';

const project = tempProjects('cm-text-hash-lazy-');
const sha1 = (file: string): string => createHash('sha1').update(readFileSync(file, 'utf8')).digest('hex');

afterEach(() => {
  setJournaling(true);
  holdFilesSteady(false);
});

describe('module hashes worked out when recorded', () => {
  it('records the SHA-1 of the text read and of the module parsed (a byte order mark included), as read eagerly', () => {
    const root = project({ 'api.js': "export const BASE = 'https://webexapis.com/v1';\n", 'bom.js': '\uFEFFexport function get(u) {\n  return fetch(u);\n}\n' });
    const api = path.join(root, 'api.js');
    const bom = path.join(root, 'bom.js');
    const model = projectOf(api)!;
    model.begin();
    expect(model.readText(api)).toContain('webexapis.com');
    expect(model.module(bom)?.text.startsWith('export function get')).toBe(true);
    const reads = model.end();
    expect(reads.get(api)).toBe(sha1(api));
    expect(reads.get(bom)).toBe(sha1(bom));
    // The file's bytes, with their byte order mark: not the hash of the tree's text.
    expect(reads.get(bom)).not.toBe(createHash('sha1').update(readFileSync(bom, 'utf8').slice(1)).digest('hex'));
  });

  it('records the right hash for texts first read while nothing was recorded', () => {
    const root = project({ 'api.js': "export const BASE = 'https://webexapis.com/v1';\n", 'mod.js': "import { BASE } from './api.js';\nexport function get(u) {\n  return fetch(BASE + u);\n}\n" });
    const api = path.join(root, 'api.js');
    const mod = path.join(root, 'mod.js');
    const model = projectOf(api)!;
    holdFilesSteady(true);
    setJournaling(false);
    model.begin();
    model.readText(api);
    model.module(mod);
    expect(model.end().size).toBe(0);
    setJournaling(true);
    model.begin();
    model.readText(api);
    model.module(mod);
    const reads = model.end();
    expect(reads.get(api)).toBe(sha1(api));
    expect(reads.get(mod)).toBe(sha1(mod));
  });
});

describe('a module parsed after its text was read', () => {
  it('is the text read, and an edit (another size, or the same size at another time) is read again', () => {
    const root = project({ 'mod.js': 'export function get(u) {\n  return fetch(u);\n}\n' });
    const mod = path.join(root, 'mod.js');
    const model = projectOf(mod)!;
    model.begin();
    const first = model.readText(mod)!;
    expect(model.module(mod)?.text).toBe(first);
    model.end();
    // Another size.
    writeFileSync(mod, 'export function post(u) {\n  return fetch(u, { method: "POST" });\n}\n');
    model.begin();
    expect(model.module(mod)?.text).toContain('function post');
    expect(model.readText(mod)).toContain('function post');
    model.end();
    // The same size, written later: read again as well (the model's test is size and time, for both readings).
    writeFileSync(mod, 'export function pust(u) {\n  return fetch(u, { method: "POST" });\n}\n');
    const later = new Date(Date.now() + 5_000);
    utimesSync(mod, later, later);
    model.begin();
    expect(model.readText(mod)).toContain('function pust');
    expect(model.module(mod)?.text).toContain('function pust');
    model.end();
  });
});

describe('copies of a module text', () => {
  it('share what is read out of the text, and a text no file holds any more is let go', () => {
    const text = "import { BASE } from './base.js';\nexport const URL = BASE + '/v1/meetings';\n";
    const root = project({ 'a/api.js': text, 'b/api.js': text, 'a/base.js': "export const BASE = 'https://webexapis.com';\n", 'b/base.js': "export const BASE = 'https://example.com';\n", 'main.js': "import './a/api.js';\nimport './b/api.js';\n" });
    const main = path.join(root, 'main.js');
    const model = projectOf(main)!;
    const shared = (): Map<string, { holders: number }> => Reflect.get(model, 'shared') as Map<string, { holders: number }>;
    model.begin();
    // The same strings for both copies; each copy's own import resolved from its own folder.
    const strings = model.importedTexts(main, readFileSync(main, 'utf8'));
    model.end();
    expect(strings.filter((s) => s.includes('/v1/meetings'))).toHaveLength(2);
    expect(strings.some((s) => s.includes('webexapis.com')) && strings.some((s) => s.includes('example.com'))).toBe(true);
    expect(shared().get(text)?.holders).toBe(2);
    // One copy edited: its old text is held once; both edited: let go.
    writeFileSync(path.join(root, 'a/api.js'), `${text}// edited\n`);
    writeFileSync(path.join(root, 'b/api.js'), `${text}// edited too\n`);
    model.begin();
    model.readText(path.join(root, 'a/api.js'));
    expect(shared().get(text)?.holders).toBe(1);
    model.readText(path.join(root, 'b/api.js'));
    model.end();
    expect(shared().has(text)).toBe(false);
  });
});
