/**
 * A deterministic generator of small multi-file projects (thirtieth session, branch `shapegen`): ONE platform request
 * whose notice's evidence is request-shaped, spread over a chain of the shapes real code writes (the brief's first
 * lesson): wrappers in the same file or another module (named, default, re-exported), a requester passed as a
 * parameter with a default (`request = fetch`), a method as a defaulted parameter (`method = 'GET'`), option objects
 * merged (`{ ...DEFAULTS, ...opts }`, `Object.assign`, an imported defaults object), a callback, a base class in
 * another file whose method makes the request (`super.request` / `this.request`), a configured client
 * (`axios.create({ baseURL, headers })`) and the API origin from an imported constant, an enum or a config object.
 *
 * Each project comes in three variants: `hit` (the evidence is there: one finding expected, at the line where the
 * evidence is written, docs/evaluation.md "Where a finding is expected"), `otherHost` (the same code against another
 * vendor's host: quiet) and `removed` (the evidence taken out: quiet). The generator knows the ground truth: the
 * file and line of the evidence (the header entry, the `body:` property, the URL literal).
 *
 * All code is synthesized here; nothing is copied from a repository.
 */

import path from 'node:path';
import { analyzeFile, type AnalyzeOptions } from '../../engine/analyze.js';
import type { Match } from '../../engine/types.js';
import { rng } from '../../scripts/gen-corpus.js';

export type NoticeKey = 'get-ct' | 'auth-bearer' | 'token-form' | 'form-json' | 'meeting-info';

export const NOTICE_IDS: Record<NoticeKey, string> = {
  'get-ct': 'get-request-content-type',
  'auth-bearer': 'authorization-bearer-scheme',
  'token-form': 'token-endpoint-form-body',
  'form-json': 'form-content-type-json-body',
  'meeting-info': 'rooms-meeting-info-deprecated',
};

/** The layers a request is spread over (the caller calls layer 0; the last layer makes the HTTP call). */
export type LayerKind =
  | 'fn-same'
  | 'fn-named'
  | 'fn-default'
  | 'fn-reexport'
  | 'param-request'
  | 'method-default'
  | 'merge-spread'
  | 'merge-assign'
  | 'merge-imported'
  | 'callback'
  | 'base-super'
  | 'base-this';

export const LAYER_KINDS: readonly LayerKind[] = [
  'fn-same',
  'fn-named',
  'fn-default',
  'fn-reexport',
  'param-request',
  'method-default',
  'merge-spread',
  'merge-assign',
  'merge-imported',
  'callback',
  'base-super',
  'base-this',
];

export type Terminal = 'fetch' | 'axios-client';
export type Origin = 'literal' | 'const' | 'enum' | 'config-object';
export type Variant = 'hit' | 'otherHost' | 'removed';

export interface ProjectSpec {
  seed: number;
  notice: NoticeKey;
  layers: LayerKind[];
  /** Whether each layer (other than those whose kind fixes it) is written in its caller's file. */
  sameFile: boolean[];
  terminal: Terminal;
  origin: Origin;
  ts: boolean;
}

export interface GeneratedProject {
  spec: ProjectSpec;
  variant: Variant;
  files: Record<string, string>;
  /** The evidence's place (hit variant): `file:line`. */
  expected?: string;
  /** Shape tags for the table: each layer kind, the terminal, the origin, `ts`. */
  tags: string[];
}

/** The corpus generator's mulberry32, its seed spread first (neighbouring seeds start far apart). */
export const seeded = (seed: number): (() => number) => rng(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b));

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

export function specOf(seed: number): ProjectSpec {
  const r = seeded(seed);
  const notice = pick(r, Object.keys(NOTICE_IDS) as NoticeKey[]);
  const depth = 1 + Math.floor(r() * 4);
  const layers = Array.from({ length: depth }, () => pick(r, LAYER_KINDS));
  const sameFile = layers.map(() => r() < 0.4);
  const terminal: Terminal = r() < 0.3 ? 'axios-client' : 'fetch';
  const origin = pick(r, ['literal', 'literal', 'const', 'enum', 'config-object'] as const);
  const ts = r() < 0.35;
  return { seed, notice, layers, sameFile, terminal, origin, ts };
}

interface Request {
  method: 'GET' | 'POST';
  /** Path after the origin, as template-literal text. */
  path: string;
  headers: Array<[string, string]>;
  body?: string;
  /** A text written once in the project, on the evidence's line. */
  needle?: string;
}

function requestOf(notice: NoticeKey, variant: Variant): Request {
  const removed = variant === 'removed';
  const bearer = ['Authorization', '`Bearer ${token}`'] as [string, string];
  switch (notice) {
    case 'get-ct':
      return {
        method: 'GET',
        path: '/people?email=${email}',
        headers: [bearer, removed ? ['Accept', "'application/json'"] : ["'Content-Type'", "'application/json'"]],
        needle: "'Content-Type': 'application/json'",
      };
    case 'auth-bearer':
      return { method: 'GET', path: '/rooms', headers: [removed ? bearer : ['Authorization', 'token']], needle: 'Authorization: token' };
    case 'token-form':
      return {
        method: 'POST',
        path: '/access_token',
        headers: [["'Content-Type'", removed ? "'application/x-www-form-urlencoded'" : "'application/json'"]],
        body: removed ? "new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token })" : "JSON.stringify({ grant_type: 'refresh_token', refresh_token: token })",
        needle: "JSON.stringify({ grant_type: 'refresh_token'",
      };
    case 'form-json':
      return {
        method: 'POST',
        path: '/messages',
        headers: [bearer, ["'Content-Type'", removed ? "'application/json'" : "'application/x-www-form-urlencoded'"]],
        body: "JSON.stringify({ roomId: id, text: 'hello' })",
        needle: removed ? undefined : "JSON.stringify({ roomId: id, text: 'hello' })",
      };
    case 'meeting-info':
      return { method: 'GET', path: removed ? '/rooms/${id}' : '/rooms/${id}/meetingInfo', headers: [bearer], needle: '/meetingInfo' };
  }
}

/** A module's text as the generators write it: its imports, then its declarations (each written once). */
export class FileBuilder {
  readonly imports: string[] = [];
  readonly decls: string[] = [];
  constructor(readonly name: string) {}
  addImport(line: string): void {
    if (!this.imports.includes(line)) this.imports.push(line);
  }
  addDecl(text: string): void {
    if (!this.decls.includes(text)) this.decls.push(text);
  }
  render(): string {
    return `${this.imports.join('\n')}${this.imports.length ? '\n\n' : ''}${this.decls.join('\n\n')}\n`;
  }
}

/** How a caller reaches a layer (or the HTTP call). */
interface Callee {
  call(url: string, opts: string): string;
  /** A plain function reference, when there is one (for `request = ref` defaults). */
  ref?: string;
  /** Adds what the calling file needs (imports, the client's declaration). */
  need(file: FileBuilder): void;
}

const HOST = 'webexapis.com';

/** The project of `spec` in `variant`. */
export function generate(spec: ProjectSpec, variant: Variant): GeneratedProject {
  const req = requestOf(spec.notice, variant);
  const ext = spec.ts ? 'ts' : 'js';
  const spec_ = (name: string) => (spec.ts ? `./${name}` : `./${name}.js`);
  const files = new Map<string, FileBuilder>();
  const fileNamed = (name: string): FileBuilder => {
    let f = files.get(name);
    if (!f) files.set(name, (f = new FileBuilder(name)));
    return f;
  };
  const importInto = (file: FileBuilder, from: string, what: string): void => {
    if (from !== file.name) file.addImport(`import ${what} from '${spec_(from)}';`);
  };

  // Where each layer is written: its caller's file, or a module of its own.
  const forcedOwn = new Set<LayerKind>(['fn-named', 'fn-default', 'fn-reexport']);
  const fileOf: string[] = [];
  spec.layers.forEach((kind, i) => {
    const callerFile = i === 0 ? 'app' : fileOf[i - 1];
    // A base class's module calls the next layer: that layer has a module of its own (no import cycle).
    const afterBase = i > 0 && spec.layers[i - 1].startsWith('base-');
    fileOf.push(!afterBase && (kind === 'fn-same' || (!forcedOwn.has(kind) && spec.sameFile[i])) ? callerFile : `layer${i}`);
  });
  const headersAt = spec.layers.findIndex((k) => k.startsWith('merge-'));
  const methodAt = spec.layers.indexOf('method-default');
  const headersInClient = headersAt < 0 && spec.terminal === 'axios-client';
  const bodyKey = spec.terminal === 'axios-client' ? 'data' : 'body';

  // The API origin as the code writes it.
  const originExpr = (file: FileBuilder): string => {
    const base = `https://${HOST}/v1`;
    switch (spec.origin) {
      case 'literal':
        return `'${base}'`;
      case 'const':
        fileNamed('config').decls.push(`export const API_BASE = '${base}';`);
        importInto(file, 'config', '{ API_BASE }');
        return 'API_BASE';
      case 'enum':
        if (spec.ts) fileNamed('config').decls.push(`export enum Api {\n  Base = '${base}',\n}`);
        else fileNamed('config').decls.push(`export const Api = Object.freeze({\n  Base: '${base}',\n});`);
        importInto(file, 'config', '{ Api }');
        return 'Api.Base';
      case 'config-object':
        fileNamed('config').decls.push(`export const config = {\n  apiBase: '${base}',\n  timeout: 5000,\n};`);
        importInto(file, 'config', '{ config }');
        return 'config.apiBase';
    }
  };
  const headerLines = (indent: string): string => req.headers.map(([k, v]) => `${indent}${k}: ${v},`).join('\n');
  const tokenDecl = "const token = process.env.WEBEX_TOKEN;";

  // The HTTP call.
  let next: Callee;
  if (spec.terminal === 'fetch') {
    next = { call: (u, o) => `fetch(${u}, ${o})`, ref: 'fetch', need: () => undefined };
  } else {
    let declared = false;
    next = {
      call: (u, o) => `client(${u}, ${o})`,
      ref: 'client',
      need: (file) => {
        if (declared) return;
        declared = true;
        file.addImport("import axios from 'axios';");
        const origin = originExpr(file);
        const headers = headersInClient ? `\n  headers: {\n${headerLines('    ')}\n  },` : '';
        if (headersInClient && req.headers.some(([, v]) => v.includes('token'))) file.decls.push(tokenDecl);
        file.decls.push(`const client = axios.create({\n  baseURL: ${origin},${headers}\n});`);
      },
    };
  }

  for (let i = spec.layers.length - 1; i >= 0; i--) {
    const kind = spec.layers[i];
    const name = `layer${i}`;
    const file = fileNamed(fileOf[i]);
    const callerFile = i === 0 ? 'app' : fileOf[i - 1];
    const own = file.name !== callerFile;
    const exp = own ? 'export ' : '';
    const inner = next;
    let callee: Callee;
    const plainFn = (body: string, params = 'url, opts', fileFor = file, exportKw = exp): string => {
      inner.need(fileFor);
      return `${exportKw}function ${name}(${params}) {\n  return ${body};\n}`;
    };
    const fnCallee = (importWhat: string, from = file.name): Callee => ({
      call: (u, o) => `${name}(${u}, ${o})`,
      ref: name,
      need: (f) => importInto(f, from, importWhat),
    });
    switch (kind) {
      case 'fn-same':
      case 'fn-named':
        file.decls.push(plainFn(inner.call('url', 'opts')));
        callee = fnCallee(`{ ${name} }`);
        break;
      case 'fn-default':
        inner.need(file);
        file.decls.push(`export default function ${name}(url, opts) {\n  return ${inner.call('url', 'opts')};\n}`);
        callee = fnCallee(name);
        break;
      case 'fn-reexport': {
        file.decls.push(plainFn(inner.call('url', 'opts')));
        const barrel = fileNamed(`${name}-index`);
        barrel.decls.push(`export { ${name} } from '${spec_(file.name)}';`);
        callee = fnCallee(`{ ${name} }`, barrel.name);
        break;
      }
      case 'param-request': {
        inner.need(file);
        const dflt = inner.ref ?? `(u, o) => ${inner.call('u', 'o')}`;
        file.decls.push(`${exp}function ${name}(url, opts, request = ${dflt}) {\n  return request(url, opts);\n}`);
        callee = fnCallee(`{ ${name} }`);
        break;
      }
      case 'method-default':
        file.decls.push(plainFn(inner.call('url', '{ method, ...opts }'), `url, opts, method = '${req.method}'`));
        callee = fnCallee(`{ ${name} }`);
        break;
      case 'merge-spread':
      case 'merge-assign':
      case 'merge-imported': {
        const holds = headersAt === i;
        const dName = `DEFAULTS_${i}`;
        const content = holds ? `{\n  headers: {\n${headerLines('    ')}\n  },\n}` : `{\n  ${spec.terminal === 'fetch' ? "cache: 'no-store'" : 'timeout: 5000'},\n}`;
        const needsToken = holds && req.headers.some(([, v]) => v.includes('token'));
        if (kind === 'merge-imported') {
          const dFile = fileNamed(`defaults${i}`);
          if (needsToken) dFile.decls.push(tokenDecl);
          dFile.decls.push(`export const ${dName} = ${content};`);
          importInto(file, dFile.name, `{ ${dName} }`);
        } else {
          if (needsToken) file.decls.push(tokenDecl);
          file.decls.push(`const ${dName} = ${content};`);
        }
        const merged = kind === 'merge-assign' ? `Object.assign({}, ${dName}, opts)` : `{ ...${dName}, ...opts }`;
        file.decls.push(plainFn(inner.call('url', merged)));
        callee = fnCallee(`{ ${name} }`);
        break;
      }
      case 'callback':
        file.decls.push(`function retry${i}(fn) {\n  return fn();\n}`);
        file.decls.push(plainFn(`retry${i}(() => ${inner.call('url', 'opts')})`));
        callee = fnCallee(`{ ${name} }`);
        break;
      case 'base-super':
      case 'base-this': {
        const base = fileNamed(`base${i}`);
        inner.need(base);
        base.decls.push(`export class Base${i} {\n  request(url, opts) {\n    return ${inner.call('url', 'opts')};\n  }\n}`);
        importInto(file, base.name, `{ Base${i} }`);
        const via = kind === 'base-super' ? 'super' : 'this';
        file.decls.push(`class Api${i} extends Base${i} {\n  send(url, opts) {\n    return ${via}.request(url, opts);\n  }\n}\n\n${exp}const api${i} = new Api${i}();`);
        callee = { call: (u, o) => `api${i}.send(${u}, ${o})`, need: (f) => importInto(f, file.name, `{ api${i} }`) };
        break;
      }
    }
    next = callee;
  }

  // The caller.
  const app = fileNamed('app');
  next.need(app);
  const url =
    spec.terminal === 'axios-client' ? `\`${req.path}\`` : spec.origin === 'literal' ? `\`https://${HOST}/v1${req.path}\`` : `\`\${${originExpr(app)}}${req.path}\``;
  const optLines: string[] = [];
  if (methodAt < 0) optLines.push(`    method: '${req.method}',`);
  if (headersAt < 0 && !headersInClient) optLines.push(`    headers: {\n${headerLines('      ')}\n    },`);
  if (req.body) optLines.push(`    ${bodyKey}: ${req.body},`);
  const opts = `{\n${optLines.join('\n')}\n  }`;
  app.decls.push(`export async function main(id, email, token) {\n  return ${next.call(url, opts)};\n}`);

  const out: Record<string, string> = {};
  const deps = spec.terminal === 'axios-client' ? ',\n  "dependencies": { "axios": "^1.7.0" }' : '';
  out['package.json'] = `{\n  "name": "shapegen-${spec.seed}",\n  "type": "module"${deps}\n}\n`;
  for (const f of files.values()) {
    let text = f.render();
    if (variant === 'otherHost') text = text.split(HOST).join('api.example.com');
    out[`${f.name}.${ext}`] = text;
  }
  let expected: string | undefined;
  if (variant === 'hit' && req.needle) {
    const places: string[] = [];
    for (const [name, text] of Object.entries(out)) {
      text.split('\n').forEach((line, n) => {
        if (line.includes(req.needle as string)) places.push(`${name}:${n + 1}`);
      });
    }
    if (places.length !== 1) throw new Error(`seed ${spec.seed}: the evidence is written ${places.length} times`);
    expected = places[0];
  }
  const tags = [...new Set([...spec.layers, `terminal:${spec.terminal}`, `origin:${spec.origin}`, spec.ts ? 'lang:ts' : 'lang:js'])];
  return { spec, variant, files: out, expected, tags };
}

export type Outcome = 'right' | 'elsewhere' | 'missed' | 'quiet' | 'false-positive';

/** Classifies the findings (`file:line` of the project's notice) of one generated project. */
export function outcomeOf(project: GeneratedProject, found: readonly string[]): Outcome {
  if (project.variant !== 'hit') return found.length ? 'false-positive' : 'quiet';
  if (!found.length) return 'missed';
  return project.expected && found.includes(project.expected) ? 'right' : 'elsewhere';
}

/**
 * The findings of notice `id` in every JavaScript and TypeScript file of a project written at `root` (the engine
 * in-process, the project model as the scan uses it), as distinct sorted `file:line`; `each` is told of every such match.
 */
export function noticeLines(root: string, files: Readonly<Record<string, string>>, id: string, opts: AnalyzeOptions, each?: (rel: string, m: Match) => void): string[] {
  const out: string[] = [];
  for (const [rel, text] of Object.entries(files)) {
    if (!/\.(js|ts)$/.test(rel)) continue;
    for (const m of analyzeFile({ filename: path.join(root, rel), text }, opts).matches) {
      if (m.noticeId !== id) continue;
      out.push(`${rel}:${m.loc.start.line}`);
      each?.(rel, m);
    }
  }
  return [...new Set(out)].sort();
}

/** The generators' table: per key, hits found at the right line / elsewhere / missed, and look-alikes flagged. */
export function outcomeTable<R extends { outcome: Outcome }>(rows: readonly R[], keysOf: (r: R) => string[]): string {
  const t = new Map<string, Record<Outcome, number>>();
  for (const r of rows) {
    for (const k of keysOf(r)) {
      const c = t.get(k) ?? { right: 0, elsewhere: 0, missed: 0, quiet: 0, 'false-positive': 0 };
      c[r.outcome]++;
      t.set(k, c);
    }
  }
  const lines = ['| shape | hits | right line | elsewhere | missed | look-alikes | false positives |', '|---|---|---|---|---|---|---|'];
  for (const [k, c] of [...t].sort(([a], [b]) => a.localeCompare(b))) {
    const hits = c.right + c.elsewhere + c.missed;
    lines.push(`| ${k} | ${hits} | ${c.right} | ${c.elsewhere} | ${c.missed} | ${c.quiet + c['false-positive']} | ${c['false-positive']} |`);
  }
  return lines.join('\n');
}
