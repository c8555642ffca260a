/**
 * Summaries of imported functions are made from the requests inside the function a call reaches
 * (engine/api/calls.ts requestsWithin): the same requests as the whole file's getRequests restricted to that
 * function, without following the file's other calls into other modules.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { getRequests, requestsWithin, type HttpRequest } from '../engine/api/calls.js';
import { projectOf, type ProjectModel } from '../engine/project/modules.js';
import type { FileContext, Node } from '../engine/parse/file-context.js';

const catalog = loadCatalog();
const CASES = fileURLToPath(new URL('./fixtures-project/cross-file/', import.meta.url));

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|js|mjs|cjs|tsx|jsx)$/.test(name)) out.push(full);
  }
  return out;
}

function key(r: HttpRequest): string {
  return JSON.stringify([r.node.range, r.client, r.method ?? null, r.url ?? null, r.isApi, r.headers.map((h) => [h.name, h.inherited ?? false]), r.wrapper ? true : false]);
}

function functionsOf(file: FileContext): Node[] {
  return [T.FunctionDeclaration, T.FunctionExpression, T.ArrowFunctionExpression].flatMap((t) => file.nodes(t) as Node[]);
}

/** A module as the project model parses it (a fresh model per call: nothing cached from another test). */
function moduleOf(file: string): { model: ProjectModel; context: FileContext } {
  const model = projectOf(file)!;
  const context = model.module(file)!;
  return { model, context };
}

describe('requests inside one function', () => {
  it('are those of the whole file inside it, in the same order, for every function of the cross-file fixtures', () => {
    let compared = 0;
    for (const file of sourceFiles(CASES)) {
      const whole = moduleOf(file).context;
      if (!whole) continue;
      const all = getRequests(whole, catalog);
      for (const fn of functionsOf(whole)) {
        const inside = all.filter((r) => r.node.range[0] >= fn.range[0] && r.node.range[1] <= fn.range[1]).map(key);
        expect(requestsWithin(whole, catalog, fn).map(key), `${file} at ${fn.range[0]}`).toEqual(inside);
        if (inside.length > 0) compared++;
      }
    }
    // The fixtures hold functions that make requests (directly, through a wrapper, through an imported function).
    expect(compared).toBeGreaterThan(5);
  });
});

describe('a call of an imported function', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cm-lazy-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, '.git'));
  writeFileSync(
    path.join(dir, 'api.ts'),
    [
      "import { slow } from './heavy';",
      'export function send(where: string, body: object) {',
      "  return fetch('https://webexapis.com/v1/' + where, { method: 'POST', body: JSON.stringify(body) });",
      '}',
      'export function other(id: string) {',
      '  return slow(id);',
      '}',
      '',
    ].join('\n'),
  );
  writeFileSync(path.join(dir, 'heavy.ts'), "export function slow(id: string) {\n  return fetch('https://webexapis.com/v1/people/' + id);\n}\n");
  writeFileSync(path.join(dir, 'app.ts'), "import { send } from './api';\nexport const made = send('rooms', { title: 'standup' });\n");

  it('reads the request of the function it calls, and does not parse a module only another function of it calls', () => {
    const { model, context } = moduleOf(path.join(dir, 'app.ts'));
    model.begin();
    const requests = getRequests(context, catalog);
    model.end();
    expect(requests.map((r) => [r.method, r.url?.value])).toEqual([['POST', 'https://webexapis.com/v1/rooms']]);
    const parsed = [...(model as unknown as { modules: Map<string, unknown> }).modules.keys()].map((f) => path.basename(f)).sort();
    expect(parsed).toEqual(['api.ts', 'app.ts']);
  });
});
