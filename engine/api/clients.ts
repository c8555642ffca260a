/**
 * Recognising HTTP clients: which library a name stands for (by import or `require`, or its conventional
 * global name), and configured clients (`axios.create({ baseURL })`, `got.extend({ prefixUrl })`, a factory's
 * return value) by where they are kept, with their base URL and default headers.
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { dottedName, memberName, propertyKeyName, unwrap, type FileContext, type Node } from '../parse/file-context.js';
import type { LoadedCatalog } from '../catalog/catalog.js';
import { isApiUrl } from './url.js';
import { functionName, objectOf, outerParent, stringOf } from './bindings.js';
import { headersOf, prop, withBase } from './call-parts.js';
import { isFunctionNode, type HttpClient, type HttpClientInstance } from './request.js';

/** Where a name was imported/required from (`axios`, `got`, `node:https`, ...), per local name. */
function importSources(file: FileContext): Map<string, string> {
  return file.cached('requests:imports', () => {
    const out = new Map<string, string>();
    for (const imp of file.nodes(T.ImportDeclaration)) {
      const source = String(imp.source.value);
      for (const s of imp.specifiers) {
        const imported = s.type === 'ImportSpecifier' ? (s.imported.type === 'Identifier' ? s.imported.name : String(s.imported.value)) : 'default';
        out.set(s.local.name, imported === 'default' || s.type === 'ImportNamespaceSpecifier' ? source : `${source}#${imported}`);
      }
    }
    for (const d of file.nodes(T.VariableDeclarator)) {
      const init = d.init ? unwrap(d.init) : undefined;
      let call = init;
      if (call?.type === 'MemberExpression' && memberName(call) === 'default') call = unwrap(call.object);
      if (call?.type !== 'CallExpression' || call.callee.type !== 'Identifier' || call.callee.name !== 'require') continue;
      const arg = call.arguments[0];
      if (arg?.type !== 'Literal' || typeof arg.value !== 'string') continue;
      if (d.id.type === 'Identifier') out.set(d.id.name, arg.value);
      else if (d.id.type === 'ObjectPattern') {
        for (const p of d.id.properties) {
          if (p.type === 'Property' && p.value.type === 'Identifier') out.set(p.value.name, `${arg.value}#${propertyKeyName(p)}`);
        }
      }
    }
    return out;
  });
}

/** The `request` npm library and its promise/retry wrappers, which take the same options. */
const REQUEST_FAMILY = new Set(['request', 'request-promise', 'request-promise-native', 'requestretry']);

function libraryOf(source: string | undefined): HttpClient | undefined {
  if (!source) return undefined;
  const base = source.replace(/^node:/, '');
  if (base === 'axios') return 'axios';
  if (base === 'got') return 'got';
  if (base === 'ky' || base === 'ky-universal') return 'ky';
  if (base === 'superagent' || base === 'supertest') return base === 'superagent' ? 'superagent' : undefined;
  if (base === 'http' || base === 'https') return 'http';
  if (base === 'node-fetch' || base === 'cross-fetch' || base === 'undici#fetch' || base === 'node-fetch#default' || base === 'cross-fetch#default') return 'fetch';
  if (base === 'http#request' || base === 'https#request' || base === 'http#get' || base === 'https#get') return 'http';
  if (base === 'got#got') return 'got';
  // rxjs's `ajax` (`import { ajax } from 'rxjs/ajax'`): an XMLHttpRequest client taking a config object or a URL.
  if (base === 'rxjs/ajax#ajax' || base === 'rxjs#ajax') return 'rxjs';
  if (REQUEST_FAMILY.has(base) || (base.endsWith('#default') && REQUEST_FAMILY.has(base.slice(0, -'#default'.length)))) return 'request';
  return undefined;
}

/** The client library an identifier stands for (by import, or by its conventional global name). */
export function clientOfIdentifier(file: FileContext, name: string): HttpClient | undefined {
  const src = importSources(file).get(name);
  const lib = libraryOf(src);
  if (lib) return lib;
  if (src !== undefined) return undefined;
  if (name === 'fetch') return 'fetch';
  if (name === 'axios') return 'axios';
  if (name === 'got') return 'got';
  if (name === 'ky') return 'ky';
  if (name === 'superagent') return 'superagent';
  return undefined;
}

/** The client library of `require('request')` written in place (not kept in a name). */
function requiredLibrary(node: Node): HttpClient | undefined {
  if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || node.callee.name !== 'require') return undefined;
  const arg = node.arguments[0];
  return arg?.type === 'Literal' && typeof arg.value === 'string' ? libraryOf(arg.value) : undefined;
}

/**
 * Where a configured client is kept: a variable (`api`), a member (`this.http`, from an assignment or a class
 * field), the return value of a named function (`webexClient()`), or nowhere nameable (`#<offset>`).
 */
function instanceKey(file: FileContext, call: TSESTree.CallExpression): string {
  const { parent, node } = outerParent(file, call);
  if (parent?.type === 'VariableDeclarator' && parent.init === node && parent.id.type === 'Identifier') return parent.id.name;
  if (parent?.type === 'AssignmentExpression' && parent.right === node && parent.operator === '=') {
    const name = dottedName(parent.left);
    if (name) return name;
  }
  if (parent?.type === 'PropertyDefinition' && parent.value === node && !parent.static) {
    const key = propertyKeyName(parent);
    if (key !== undefined) return `this.${key}`;
  }
  let fn: Node | undefined;
  if (parent?.type === 'ReturnStatement') fn = [...file.ancestors(parent)].find(isFunctionNode);
  else if (parent?.type === 'ArrowFunctionExpression' && parent.body === node) fn = parent;
  const name = fn ? functionName(file, fn) : undefined;
  return name ? `${name}()` : `#${call.range[0]}`;
}

/**
 * Configured clients of a file, by where they are kept (see {@link instanceKey}): `api` for
 * `const api = axios.create(...)`, `this.http` for a field, `webexClient()` for a factory's return value (and
 * `api` again for `const api = webexClient()` in the same file).
 */
export function getClientInstances(file: FileContext, catalog: LoadedCatalog): Map<string, HttpClientInstance> {
  return file.cached('requests:instances', () => {
    const out = new Map<string, HttpClientInstance>();
    for (const init of file.nodes(T.CallExpression)) {
      if (init.callee.type !== 'MemberExpression') continue;
      const method = memberName(init.callee);
      if (method !== 'create' && method !== 'extend' && method !== 'defaults') continue;
      const objectNode = unwrap(init.callee.object);
      let client: HttpClient | undefined;
      let parent: HttpClientInstance | undefined;
      const objectKey = dottedName(objectNode);
      if (objectNode.type === 'Identifier') client = clientOfIdentifier(file, objectNode.name);
      else client = requiredLibrary(objectNode); // `require('request').defaults({...})`
      if (objectKey !== undefined) {
        parent = out.get(objectKey);
        client ??= parent?.client;
      }
      if (!client || !((client === 'axios' && method === 'create') || (client === 'request' && method === 'defaults') || ((client === 'got' || client === 'ky') && (method === 'extend' || method === 'create')))) continue;
      const config = objectOf(file, init.arguments[0] as Node | undefined);
      const baseNode = prop(config, client === 'axios' ? 'baseURL' : client === 'request' ? 'baseUrl' : 'prefixUrl');
      const baseUrl = withBase(baseNode ? stringOf(file, baseNode) : undefined, parent?.baseUrl) ?? parent?.baseUrl;
      const h = headersOf(file, prop(config, 'headers'));
      out.set(instanceKey(file, init), {
        node: init,
        client,
        baseUrl,
        isApi: isApiUrl(baseUrl, catalog),
        headers: [...(parent?.headers ?? []), ...h.headers],
        headersNode: h.object,
        options: config,
      });
    }
    // `const api = webexClient()` / `this.api = webexClient()`: the factory's client.
    for (const call of file.nodes(T.CallExpression)) {
      const callee = unwrap(call.callee as Node);
      if (callee.type !== 'Identifier') continue;
      const made = out.get(`${callee.name}()`);
      if (!made) continue;
      const key = instanceKey(file, call);
      if (!key.startsWith('#') && !out.has(key)) out.set(key, made);
    }
    return out;
  });
}

/**
 * Meteor's HTTP client (`HTTP.get(url, options)`, `HTTP.call(method, url, options)`): the global `HTTP` of a
 * Meteor package or app, `import { HTTP } from 'meteor/http'`, or the older `Meteor.http`. Its second argument
 * is an options object, not a body: `data` is sent as JSON, `content` as text, and `params` as a
 * form-urlencoded body on a POST/PUT/PATCH (the query string otherwise).
 */
export function isMeteorHttp(file: FileContext, node: Node): boolean {
  if (node.type === 'MemberExpression') return dottedName(node) === 'Meteor.http';
  if (node.type !== 'Identifier' || node.name !== 'HTTP') return false;
  const src = importSources(file).get('HTTP');
  if (src !== undefined) return src === 'meteor/http#HTTP';
  // The global: no declaration of the name in the file.
  return !file.nodes(T.VariableDeclarator).some((d) => d.id.type === 'Identifier' && d.id.name === 'HTTP')
    && !file.nodes(T.ClassDeclaration).some((c) => c.id?.name === 'HTTP');
}

/** `$.ajax(`, `jQuery.get(`, ...: the text a file must hold for jQuery's requests to be looked for. */
export const JQUERY_CALL_TEXT = /(?:\$|\bjQuery)\s*\.\s*(?:ajax|get|post|getJSON)\s*\(/;

/**
 * jQuery's `$` / `jQuery` (browser code): `import $ from 'jquery'` / `require('jquery')`, or the page's global
 * when the file binds the name nowhere (no declaration, parameter, class or import of it). Only looked for in a
 * file whose text holds a `$.ajax(`-like call.
 */
export function isJquery(file: FileContext, name: string): boolean {
  if (name !== '$' && name !== 'jQuery') return false;
  const known = file.cached('requests:jquery', () => {
    const out = new Set<string>();
    if (!JQUERY_CALL_TEXT.test(file.text)) return out;
    const sources = importSources(file);
    for (const n of ['$', 'jQuery']) {
      const src = sources.get(n);
      if (src !== undefined) {
        if (src === 'jquery') out.add(n);
        continue;
      }
      const bound = file.nodes(T.VariableDeclarator).some((d) => d.id.type === 'Identifier' && d.id.name === n)
        || file.nodes(T.FunctionDeclaration).some((f) => f.id?.name === n)
        || file.nodes(T.ClassDeclaration).some((c) => c.id?.name === n)
        || [...file.nodes(T.FunctionDeclaration), ...file.nodes(T.FunctionExpression), ...file.nodes(T.ArrowFunctionExpression)].some((f) => f.params.some((p, i) => p.type === 'Identifier' && p.name === n && !givenJquery(file, f, i)));
      if (!bound) out.add(n);
    }
    return out;
  });
  return known.has(name);
}

/**
 * Whether a function's parameter at `index` is given the page's `jQuery`: the function is called where it is written
 * with the global `jQuery` there (a plugin's `(function ($) { ... })(jQuery)`), which the file binds nowhere else.
 */
function givenJquery(file: FileContext, fn: TSESTree.Node, index: number): boolean {
  // Only a direct call: `(function ($) { ... }).call(this, jQuery)` is not followed.
  const call = file.parentOf(fn);
  if (call?.type !== 'CallExpression' || call.callee !== fn) return false;
  const arg = call.arguments[index];
  if (arg?.type !== 'Identifier' || arg.name !== 'jQuery') return false;
  return !file.nodes(T.VariableDeclarator).some((d) => d.id.type === 'Identifier' && d.id.name === 'jQuery') && importSources(file).get('jQuery') === undefined;
}

/** A receiver name that reads as an HTTP client (`this.http`, `apiClient`, `rest`), for wrapper candidates. */
export const CLIENT_LIKE = /(^|\.)[\w$]*(http|client|api|axios|rest|request)[\w$]*$/i;

/**
 * A configured client imported from another module of the project (engine/project/): `import { api } from
 * './client'` where `client.ts` holds `export const api = axios.create({ baseURL })`, a default export of one,
 * or `const api = webexClient()` of an imported factory. Its headers are read in that module and marked
 * inherited by every request (no edit is made to them from this file).
 */
export function importedInstance(file: FileContext, catalog: LoadedCatalog, name: string): HttpClientInstance | undefined {
  if (!file.links) return undefined;
  const memo = file.cached('requests:imported-instances', () => new Map<string, HttpClientInstance | null>());
  const known = memo.get(name);
  if (known !== undefined) return known ?? undefined;
  let found: HttpClientInstance | undefined;
  const far = file.importedValue(name);
  if (far && 'node' in far) found = instanceAt(far.file, catalog, far.node);
  else if (!far) {
    // `const api = webexClient()` where `webexClient` is imported.
    const init = file.constantInit(name);
    const call = init ? unwrap(init) : undefined;
    if (call?.type === 'CallExpression' && call.callee.type === 'Identifier') {
      const factory = file.importedValue(call.callee.name);
      if (factory && 'node' in factory) found = factoryInstance(factory.file, catalog, factory.node);
    }
  }
  memo.set(name, found ?? null);
  return found;
}

/** The instance a node of another module is (`axios.create(...)`, or a name or factory call holding one). */
function instanceAt(file: FileContext, catalog: LoadedCatalog, node: Node): HttpClientInstance | undefined {
  const where = file.locate(node) ?? { file, node };
  const target = unwrap(where.node);
  const instances = getClientInstances(where.file, catalog);
  for (const instance of instances.values()) if (instance.node === target) return instance;
  if (target.type === 'CallExpression' && target.callee.type === 'Identifier') {
    const made = instances.get(`${target.callee.name}()`);
    if (made) return made;
    const factory = where.file.importedValue(target.callee.name);
    if (factory && 'node' in factory) return factoryInstance(factory.file, catalog, factory.node);
  }
  return undefined;
}

/** The client a factory function of another module returns. */
function factoryInstance(file: FileContext, catalog: LoadedCatalog, fn: Node): HttpClientInstance | undefined {
  const where = file.locate(fn) ?? { file, node: fn };
  if (!isFunctionNode(where.node)) return undefined;
  const name = functionName(where.file, where.node);
  return name ? getClientInstances(where.file, catalog).get(`${name}()`) : undefined;
}

/**
 * Google Apps Script's `UrlFetchApp` (its HTTP client, a global of the script's runtime): the name when the file
 * binds it nowhere (no import, declaration, parameter or class of it) and its text calls `UrlFetchApp.fetch(`.
 */
export function isUrlFetchApp(file: FileContext, name: string): boolean {
  if (name !== 'UrlFetchApp') return false;
  return file.cached('requests:urlfetchapp', () => {
    if (!/\bUrlFetchApp\s*\.\s*fetch\s*\(/.test(file.text) || importSources(file).has(name)) return false;
    return !(file.nodes(T.VariableDeclarator).some((d) => d.id.type === 'Identifier' && d.id.name === name)
      || file.nodes(T.FunctionDeclaration).some((f) => f.id?.name === name)
      || file.nodes(T.ClassDeclaration).some((c) => c.id?.name === name)
      || [...file.nodes(T.FunctionDeclaration), ...file.nodes(T.FunctionExpression), ...file.nodes(T.ArrowFunctionExpression)].some((f) => f.params.some((p) => p.type === 'Identifier' && p.name === name)));
  });
}
