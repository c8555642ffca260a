/**
 * Requests declared as data rather than made by a call: the REST connector of LoopBack
 * (`loopback-connector-rest`), whose datasource configuration (`{ connector: 'rest', baseURL, options: {
 * headers }, operations: [{ template: { method, url, query, body } }] }`) is a request template per operation,
 * sent with the connector's default `options.headers`. Read where the configuration is an object literal of a
 * JavaScript or TypeScript module (LoopBack 4's `*.datasource.ts`, a LoopBack 3 `datasources.js`).
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { findProperty, joinUrl, unwrap, type FileContext, type Node, type StaticString } from '../parse/file-context.js';
import type { LoadedCatalog } from '../catalog/catalog.js';
import { objectOf, stringOf } from './bindings.js';
import { isApiUrl } from './url.js';

/** One operation of a REST connector configuration. */
export interface ConnectorOperation {
  /** The template's method, upper case (the connector sends GET when the template names none). */
  method: string;
  url?: StaticString;
  /** The template declares a body (`body`, `json`, `form`, `formData`). */
  hasBody: boolean;
}

/** A REST connector configuration and what it sends. */
export interface RestConnectorConfig {
  node: TSESTree.ObjectExpression;
  /** Default headers (`options.headers`): each entry's name and property. */
  headers: Array<{ name: string; property: TSESTree.Property }>;
  headersNode?: TSESTree.ObjectExpression;
  operations: ConnectorOperation[];
  /** `crud: true`: the connector also sends the generic create/update/delete requests, with bodies. */
  crud: boolean;
  /** Some operation (or the base URL) calls the API. */
  isApi: boolean;
}

const BODY_KEYS = ['body', 'json', 'form', 'formData'];

const keyOf = (p: TSESTree.Property): string | undefined =>
  p.computed ? undefined : p.key.type === 'Identifier' ? p.key.name : p.key.type === 'Literal' ? String(p.key.value) : undefined;

/** The REST connector configurations written as object literals in a file (memoized on the file). */
export function restConnectorConfigs(file: FileContext, catalog: LoadedCatalog): RestConnectorConfig[] {
  if (!/\bconnector\b/.test(file.text) || !/\boperations\b/.test(file.text)) return [];
  return file.cached('requests:rest-connectors', () => {
    const out: RestConnectorConfig[] = [];
    for (const object of file.nodes(T.ObjectExpression)) {
      const connector = findProperty(object, 'connector');
      const kind = connector ? stringOf(file, connector.value as Node) : undefined;
      if (!kind?.complete || !/^(loopback-connector-)?rest$/.test(kind.value)) continue;
      const config = readConfig(file, catalog, object);
      if (config) out.push(config);
    }
    return out;
  });
}

function readConfig(file: FileContext, catalog: LoadedCatalog, object: TSESTree.ObjectExpression): RestConnectorConfig | undefined {
  const list = findProperty(object, 'operations');
  const array = list ? unwrap(list.value as Node) : undefined;
  if (array?.type !== 'ArrayExpression') return undefined;
  const baseProp = findProperty(object, 'baseURL');
  const base = baseProp ? stringOf(file, baseProp.value as Node) : undefined;
  const operations: ConnectorOperation[] = [];
  for (const element of array.elements) {
    const op = element && element.type !== 'SpreadElement' ? objectOf(file, element as Node) : undefined;
    const templateProp = op ? findProperty(op, 'template') : undefined;
    const template = templateProp ? objectOf(file, templateProp.value as Node) : undefined;
    // An operation the file does not spell out: what it sends is not known.
    if (!template) return undefined;
    const methodProp = findProperty(template, 'method');
    const method = methodProp ? stringOf(file, methodProp.value as Node) : { value: 'GET', complete: true };
    if (!method?.complete) return undefined;
    const urlProp = findProperty(template, 'url');
    const own = urlProp ? stringOf(file, urlProp.value as Node) : undefined;
    const url = own && base && !/^[a-z]+:\/\//i.test(own.value) ? { value: joinUrl(base.value, own.value), complete: base.complete && own.complete } : (own ?? base);
    operations.push({ method: method.value.toUpperCase(), url, hasBody: BODY_KEYS.some((k) => findProperty(template, k)) });
  }
  const crudProp = findProperty(object, 'crud');
  const crud = crudProp ? unwrap(crudProp.value as Node).type !== 'Literal' || (unwrap(crudProp.value as Node) as TSESTree.Literal).value !== false : false;
  const optionsProp = findProperty(object, 'options');
  const options = optionsProp ? objectOf(file, optionsProp.value as Node) : undefined;
  const headersProp = options ? findProperty(options, 'headers') : undefined;
  const headersNode = headersProp ? objectOf(file, headersProp.value as Node) : undefined;
  const headers: RestConnectorConfig['headers'] = [];
  for (const p of headersNode?.properties ?? []) {
    const name = p.type === 'Property' ? keyOf(p) : undefined;
    if (name !== undefined && p.type === 'Property') headers.push({ name, property: p });
  }
  const isApi = isApiUrl(base, catalog) || operations.some((o) => isApiUrl(o.url, catalog));
  return { node: object, headers, headersNode, operations, crud, isApi };
}
