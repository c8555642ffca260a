/**
 * A call is matched to a forwarding function of its file (engine/api/aliases.ts) only when its callee's name is one
 * a forwarder is written under (forwarderNames): a plain name for a function declared, a variable initialised or a
 * name assigned, a member name for a class member or an object literal's property, any name for a forwarder in an
 * array (a loop variable takes it). Every other call is known to call no forwarder without binding its name by
 * scope, which analyses the whole file. Each style is found as before; a call of another name is not bound.
 * Synthesized code.
 */
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const asked: string[] = [];
vi.mock('../engine/api/bindings.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../engine/api/bindings.js')>();
  return {
    ...real,
    sameFileFunction: (file: Parameters<typeof real.sameFileFunction>[0], callee: Parameters<typeof real.sameFileFunction>[1]) => {
      asked.push(callee.name);
      return real.sameFileFunction(file, callee);
    },
  };
});

const { analyzeFile } = await import('../engine/analyze.js');
const { loadCatalog } = await import('../engine/catalog/catalog.js');
const { tempProjects } = await import('./helpers/temp-project.js');

const catalog = loadCatalog();
const options = { catalog, notices: catalog.notices.filter((n) => n.id === 'get-request-content-type'), engine: { today: '2026-11-26' } };
const project = tempProjects('cm-forwarder-names-');

function scan(code: string, name = 'api.ts'): string[] {
  asked.length = 0;
  return analyzeFile({ filename: path.join(project({ [name]: code }), name), text: code }, options).matches.map((m) => `${m.loc.start.line} ${m.confidence}`);
}

/** Options whose headers are assigned before the call (line 3), sent by a GET to the API through `invoke`. */
const assigned = (invoke: string): string => `export class Client {
  async list(url: string, options: any = {}) {
    options.headers = { ...(options.headers || {}), Authorization: 'Bearer t', 'Content-Type': 'application/json' };
    return ${invoke}(url, options);
  }
  rooms() {
    return this.list('https://webexapis.com/v1/rooms');
  }
}
`;

describe('a forwarder is found under every name it is written with', () => {
  it('the direct call is found (the reference)', () => {
    expect(scan(assigned('fetch'))).toEqual(['3 certain']);
  });
  it.each<[string, string, string]>([
    ['an arrow under `as`', 'const send = ((u: string, i: any) => fetch(u, i)) as (u: string, i: any) => Promise<Response>;\n', 'send'],
    ['an arrow under `satisfies`', 'type Sender = (u: string, i: any) => Promise<Response>;\nconst send = ((u: string, i: any) => fetch(u, i)) satisfies Sender;\n', 'send'],
    ['a function expression assigned to a top-level name', 'let send = (u: string, i: any): unknown => [u, i];\nsend = (u: string, i: any) => fetch(u, i);\n', 'send'],
    ['a class field', 'class Http {\n  send = (u: string, i: any) => fetch(u, i);\n}\n', 'new Http().send'],
    ["an object literal's method with a quoted key", "const http = {\n  'send'(u: string, i: any) {\n    return fetch(u, i);\n  },\n};\n", 'http.send'],
    ['a forwarder of a forwarder under another name', 'function send(u: string, i: any) {\n  return relay(u, i);\n}\nconst relay = (a: string, b: any) => fetch(a, b);\n', 'send'],
  ])('%s', (_, def, invoke) => {
    expect(scan(assigned(invoke) + def)).toEqual(['3 certain']);
  });
  it('a forwarder in an array (a loop variable may take it): every call is looked up, as before', () => {
    const code = `const senders = [(u: string, i: any) => fetch(u, i)];
export function label(a: string, b: string) {
  const format = (x: string, y: string) => x + y;
  return format(a, b) + senders.length;
}
export const post = (t: string) => fetch('https://webexapis.com/v1/rooms', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: t });
`;
    expect(scan(code)).toEqual([]);
    expect(asked).toContain('format');
  });
});

describe('look-alike: a call of a name no forwarder has is not bound by scope', () => {
  it('in a file with a forwarder, only the forwarder\'s name is looked up', () => {
    const code = `${assigned('send')}function send(u: string, i: any) {
  return fetch(u, i);
}
export function label(a: string, b: string) {
  const format = (x: string, y: string) => x + y;
  return format(a, b) + pad(a, b);
}
function pad(a: string, b: string) {
  return a.padStart(b.length);
}
`;
    expect(scan(code)).toEqual(['3 certain']);
    expect(asked).toContain('send');
    expect(asked).not.toContain('format');
    expect(asked).not.toContain('pad');
  });
  it('a file without a forwarder looks up no name', () => {
    scan(`export function label(a: string, b: string) {\n  const format = (x: string, y: string) => x + y;\n  return format(a, b);\n}\n`);
    expect(asked).toEqual([]);
  });
});
