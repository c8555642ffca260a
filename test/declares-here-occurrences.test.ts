/**
 * Issue 30 (the forwarder lookups' text walk, engine/project/export-text.ts): `declaresHere` counts a name's bindings
 * and assignments by trying its expressions only where the name is written, instead of at every position of the text
 * (3-8 ms per name on a 451 KB module). The answers must be those of the expressions run over the whole text: the
 * reference below is the earlier code, compared on every identifier of every fixture module and on random texts built
 * from the pieces the expressions read (keywords, `{`, `,`, `*`, `as`, white space, operators, names that contain,
 * extend or spell each other and the keywords, `$`).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFilesUnder } from './helpers/fixtures.js';
import { random } from './helpers/random.js';
import { ASSIGNMENT_AFTER, ASSIGNMENT_BEFORE, BINDING_AFTER, BINDING_BEFORE, countMatches, declaresHere } from '../engine/project/export-text.js';

/** The two counts `declaresHere` takes, as the earlier code took them: each expression over the whole text. */
function wholeText(text: string, name: string): [number, number] {
  const n = name.replace(/\$/g, '\\$');
  return [text.match(new RegExp(BINDING_BEFORE + n + BINDING_AFTER, 'g'))?.length ?? 0, text.match(new RegExp(ASSIGNMENT_BEFORE + n + ASSIGNMENT_AFTER, 'g'))?.length ?? 0];
}

function atOccurrences(text: string, name: string): [number, number] {
  const n = name.replace(/\$/g, '\\$');
  return [countMatches(text, name, BINDING_BEFORE, n + BINDING_AFTER), countMatches(text, name, ASSIGNMENT_BEFORE, n + ASSIGNMENT_AFTER)];
}

const FIXTURES = fileURLToPath(new URL('./fixtures-project/', import.meta.url));


const PIECES = [
  'function', 'function*', 'const', 'let', 'var', 'class', 'enum', 'namespace', 'import', 'export', 'as', 'async',
  ' ', '  ', '\n', '\t', '{', '}', ',', '*', '(', ')', '<', '>', '=', '==', '=>', '+=', '**=', '>>>=', '??=', '||=', '.', ';',
  'get', 'gets', 'xget', 'get$', '$get', 'a', 'a$', '_a', 'as', 'has', 'on', 'con', 'st', 'x$as', 'let', '\\u0067',
];
const NAMES = ['get', 'gets', 'a', '_a', 'a$', '$get', 'get$', 'x$as', 'on', 'st', 'con', 'as', 'let', 'const', 'function', 'has'];

describe('declaresHere counts a name only where it is written', () => {
  it('counts as the whole-text expressions for every identifier of the fixture modules', () => {
    let compared = 0;
    let bound = 0;
    for (const file of sourceFilesUnder(FIXTURES)) {
      const text = readFileSync(file, 'utf8');
      for (const name of new Set(text.match(/[A-Za-z_$][\w$]*/g) ?? [])) {
        const counts = atOccurrences(text, name);
        expect(counts, `${file}: ${name}`).toEqual(wholeText(text, name));
        compared++;
        if (counts[0] > 0) bound++;
      }
    }
    expect(compared).toBeGreaterThan(3_000);
    // Names bound in the fixtures (`const x`, `function f`, `{ a, b }`) are among them.
    expect(bound).toBeGreaterThan(800);
  });

  it('counts as the whole-text expressions on 20,000 random texts of the pieces they read', () => {
    const next = random(30);
    let bound = 0;
    let assigned = 0;
    for (let round = 0; round < 20_000; round++) {
      const name = NAMES[Math.floor(next() * NAMES.length)];
      const length = 3 + Math.floor(next() * 25);
      let text = '';
      // The name itself a third of the time: next to the keywords, `{`, `,`, white space and itself.
      for (let i = 0; i < length; i++) text += next() < 0.33 ? name : PIECES[Math.floor(next() * PIECES.length)];
      const counts = atOccurrences(text, name);
      expect(counts, JSON.stringify({ text, name })).toEqual(wholeText(text, name));
      if (counts[0] > 0) bound++;
      if (counts[1] > 0) assigned++;
    }
    expect(bound).toBeGreaterThan(1_000);
    expect(assigned).toBeGreaterThan(1_000);
  });

  it('still answers declared or not as before (a function, an overload, an arrow, a class; shadowed, assigned, re-bound)', () => {
    expect(declaresHere('export function get(u) {\n  return fetch(u);\n}\n', 'get', 'function')).toBe(true);
    expect(declaresHere('export const get = (u) => fetch(u);\n', 'get', 'function')).toBe(true);
    expect(declaresHere('export class Api {}\n', 'Api', 'class')).toBe(true);
    // Look-alikes that must stay unanswered: a second binding, an assignment, a name that only contains it.
    expect(declaresHere('export function get(u) {}\nconst get = 1;\n', 'get', 'function')).toBe(false);
    expect(declaresHere('export function get(u) {}\nget = other;\n', 'get', 'function')).toBe(false);
    expect(declaresHere('export function getter(u) {}\n', 'get', 'function')).toBe(false);
    expect(declaresHere('export class Api {}\nimport { x as Api } from "./y";\n', 'Api', 'class')).toBe(false);
  });
});
