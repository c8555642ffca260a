/**
 * The second shape generator (thirty-first session, branch `shapegen2`): the brief's first lesson for notices whose
 * evidence is NOT a request's shape but a value the code holds, compares, reads or signs: a renamed trunk error code
 * compared with a trunk's `errorCodes` (`trunk-error-codes-renamed`), the renamed simultaneous-ring field written
 * into a request body or read from the response (`workspace-answer-confirmation-renamed`), a webhook signature
 * header looked up in its mixed case (`webhook-header-names-lowercase`), a guest JWT `exp` a division leaves
 * fractional (`guest-jwt-exp-integer`) and a detailed call history page size under the minimum
 * (`call-history-page-size`).
 *
 * Each project varies three things: where the evidence's value is held (the *holder*: written in place, a constant of
 * the same file, an imported constant, one re-exported through a barrel, a TypeScript enum member or an
 * `Object.freeze({ ... })` object's member, a config object's member), how the code uses it (the *use*, per notice:
 * `includes`, `switch`, a lookup table, destructuring, optional chaining, `get(obj, 'path')`, a body built by a helper
 * or spread from a defaults module, ...), and the chain of 0-3 *layers* between that use and what ties it to the
 * platform (the request, the webhook handler's headers, the signing call): a wrapper in the same file, in another
 * module (named, default, through a barrel), a callback, a base class in another module reached by `super` or
 * `this`, a parameter with the next layer as its default. A third of the projects are TypeScript.
 *
 * Three variants: `hit` (one finding expected at the line the generator marks, docs/evaluation.md "Where a finding
 * is expected"), `lookalike` (what the notice says is NOT affected, through the same shapes: Single Number Reach's
 * `answerConfirmationEnabled`, another API's `E1001`, a case-insensitive `req.get(NAME)`, a fractional expiry that is
 * no JWT, another vendor's `cdr_feed`) and `removed` (the evidence already fixed). All code is synthesized here.
 */

import { FileBuilder, seeded } from './shape-gen.js';

export type NoticeKey2 = 'trunk-code' | 'answer-confirm' | 'webhook-header' | 'jwt-exp' | 'cdr-max';

export const NOTICE_IDS2: Record<NoticeKey2, string> = {
  'trunk-code': 'trunk-error-codes-renamed',
  'answer-confirm': 'workspace-answer-confirmation-renamed',
  'webhook-header': 'webhook-header-names-lowercase',
  'jwt-exp': 'guest-jwt-exp-integer',
  'cdr-max': 'call-history-page-size',
};

/** Where the evidence's value is written. */
export type Holder = 'inline' | 'const-same' | 'const-imported' | 'const-reexport' | 'enum' | 'config-object';
export const HOLDERS: readonly Holder[] = ['inline', 'const-same', 'const-imported', 'const-reexport', 'enum', 'config-object'];

/** How the code uses the evidence, per notice. */
export const USES: Record<NoticeKey2, readonly string[]> = {
  'trunk-code': ['includes', 'switch', 'lookup-table', 'code-list', 'some-equals'],
  'answer-confirm': ['body-inline', 'body-local', 'body-helper', 'body-defaults', 'body-computed-key', 'read-member', 'read-destructure', 'read-optional', 'read-get-path'],
  'webhook-header': ['member', 'destructure', 'in-test', 'member-fallback-var'],
  'jwt-exp': ['sign-inline', 'payload-local', 'exp-local', 'payload-helper', 'exp-helper'],
  'cdr-max': ['url-template', 'search-params', 'query-object', 'url-constant'],
};

/** The layers between the use and what ties it to the platform. */
export type Layer2 = 'fn-same' | 'fn-named' | 'fn-default' | 'fn-reexport' | 'callback' | 'base-super' | 'base-this' | 'param-default';
export const LAYERS2: readonly Layer2[] = ['fn-same', 'fn-named', 'fn-default', 'fn-reexport', 'callback', 'base-super', 'base-this', 'param-default'];

export type Variant2 = 'hit' | 'lookalike' | 'removed';

export interface ProjectSpec2 {
  seed: number;
  notice: NoticeKey2;
  use: string;
  holder: Holder;
  layers: Layer2[];
  ts: boolean;
}

export interface GeneratedProject2 {
  spec: ProjectSpec2;
  variant: Variant2;
  files: Record<string, string>;
  /** The evidence's place (hit variant): `file:line`. */
  expected?: string;
  /** Tags for the table: notice, use, holder, each layer kind, language. */
  tags: string[];
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

/** Uses whose evidence is a name or value a holder can keep (the others write it in place). */
function holds(notice: NoticeKey2, use: string): boolean {
  if (notice === 'jwt-exp') return false;
  if (notice === 'answer-confirm') return use === 'body-computed-key' || use === 'read-get-path';
  return true;
}

export function specOf2(seed: number): ProjectSpec2 {
  const r = seeded(seed ^ 0x5a5a);
  const notice = pick(r, Object.keys(NOTICE_IDS2) as NoticeKey2[]);
  const use = pick(r, USES[notice]);
  const holder = holds(notice, use) ? pick(r, HOLDERS) : 'inline';
  const depth = Math.floor(r() * 4);
  const layers = Array.from({ length: depth }, () => pick(r, LAYERS2));
  const ts = r() < 0.35;
  return { seed, notice, use, holder, layers, ts };
}

/** The mark of the expected line, removed from the written text. */
const MARK = '/*@expected@*/';


/** How a caller reaches a layer (or the terminal): an expression of the forwarded arguments. */
interface Callee {
  call(args: string): string;
  /** A plain function reference, for `fn = ref` defaults. */
  ref?: string;
  need(file: FileBuilder): void;
}

interface Project {
  file(name: string): FileBuilder;
  importInto(file: FileBuilder, from: string, what: string): void;
}

/** The evidence's value as an expression of `file`, held where the spec says; `marked` puts the expected mark on its line. */
function holdValue(p: Project, spec: ProjectSpec2, file: FileBuilder, literal: string, name: string, marked: boolean): string {
  const m = marked ? ` ${MARK}` : '';
  const upper = name.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();
  const cap = name[0].toUpperCase() + name.slice(1);
  switch (spec.holder) {
    case 'inline':
      return `${literal}${m}`;
    case 'const-same':
      file.addDecl(`const ${upper} = ${literal};${m}`);
      return upper;
    case 'const-imported':
      p.file('constants').addDecl(`export const ${upper} = ${literal};${m}`);
      p.importInto(file, 'constants', `{ ${upper} }`);
      return upper;
    case 'const-reexport':
      p.file('constants').addDecl(`export const ${upper} = ${literal};${m}`);
      p.file('shared').addDecl("export * from './constants" + (spec.ts ? '' : '.js') + "';");
      p.importInto(file, 'shared', `{ ${upper} }`);
      return upper;
    case 'enum':
      if (spec.ts && typeof literal === 'string' && literal.startsWith("'")) p.file('constants').addDecl(`export enum Known {\n  ${cap} = ${literal},${m}\n}`);
      else p.file('constants').addDecl(`export const Known = Object.freeze({\n  ${cap}: ${literal},${m}\n});`);
      p.importInto(file, 'constants', '{ Known }');
      return `Known.${cap}`;
    case 'config-object':
      p.file('config').addDecl(`export const settings = {\n  ${name}: ${literal},${m}\n  retries: 3,\n};`);
      p.importInto(file, 'config', '{ settings }');
      return `settings.${name}`;
  }
}

/** Whether the evidence's value is held in another module (a constant, a barrel, an enum or frozen object, a config object). */
export function heldElsewhere(spec: ProjectSpec2): boolean {
  return spec.holder !== 'inline' && spec.holder !== 'const-same';
}

/** Wraps `inner` in the spec's layers (the last layer is next to `inner`); `args` is what each layer forwards. */
function wrap(p: Project, spec: ProjectSpec2, fileOf: (i: number) => string, inner: Callee, args: string): Callee {
  const ext = (name: string) => (spec.ts ? `./${name}` : `./${name}.js`);
  let next = inner;
  for (let i = spec.layers.length - 1; i >= 0; i--) {
    const kind = spec.layers[i];
    const name = `layer${i}`;
    const file = p.file(kind === 'fn-same' ? fileOf(i) : `layer${i}`);
    const callerFile = fileOf(i);
    const own = file.name !== callerFile;
    const exp = own ? 'export ' : '';
    const cur = next;
    const fnCallee = (importWhat: string, from = file.name): Callee => ({ call: (a) => `${name}(${a})`, ref: name, need: (f) => p.importInto(f, from, importWhat) });
    let callee: Callee;
    switch (kind) {
      case 'fn-same':
      case 'fn-named':
        cur.need(file);
        file.addDecl(`${exp}function ${name}(${args}) {\n  return ${cur.call(args)};\n}`);
        callee = fnCallee(`{ ${name} }`);
        break;
      case 'fn-default':
        cur.need(file);
        file.addDecl(`export default function ${name}(${args}) {\n  return ${cur.call(args)};\n}`);
        callee = fnCallee(name);
        break;
      case 'fn-reexport': {
        cur.need(file);
        file.addDecl(`export function ${name}(${args}) {\n  return ${cur.call(args)};\n}`);
        p.file(`${name}-index`).addDecl(`export { ${name} } from '${ext(file.name)}';`);
        callee = fnCallee(`{ ${name} }`, `${name}-index`);
        break;
      }
      case 'callback':
        cur.need(file);
        file.addDecl(`function attempt${i}(fn) {\n  return fn();\n}`);
        file.addDecl(`export function ${name}(${args}) {\n  return attempt${i}(() => ${cur.call(args)});\n}`);
        callee = fnCallee(`{ ${name} }`);
        break;
      case 'param-default': {
        cur.need(file);
        const dflt = cur.ref ?? `(${args}) => ${cur.call(args)}`;
        file.addDecl(`export function ${name}(${args}, run = ${dflt}) {\n  return run(${args});\n}`);
        callee = fnCallee(`{ ${name} }`);
        break;
      }
      case 'base-super':
      case 'base-this': {
        const base = p.file(`base${i}`);
        cur.need(base);
        base.addDecl(`export class Base${i} {\n  handle(${args}) {\n    return ${cur.call(args)};\n  }\n}`);
        p.importInto(file, base.name, `{ Base${i} }`);
        const via = kind === 'base-super' ? 'super' : 'this';
        file.addDecl(`class Service${i} extends Base${i} {\n  run(${args}) {\n    return ${via}.handle(${args});\n  }\n}\n\nexport const service${i} = new Service${i}();`);
        callee = { call: (a) => `service${i}.run(${a})`, need: (f) => p.importInto(f, file.name, `{ service${i} }`) };
        break;
      }
    }
    next = callee;
  }
  return next;
}

/** The project of `spec` in `variant`. */
export function generate2(spec: ProjectSpec2, variant: Variant2): GeneratedProject2 {
  const files = new Map<string, FileBuilder>();
  const ext = spec.ts ? 'ts' : 'js';
  const specifier = (name: string) => (spec.ts ? `./${name}` : `./${name}.js`);
  const p: Project = {
    file(name) {
      let f = files.get(name);
      if (!f) files.set(name, (f = new FileBuilder(name)));
      return f;
    },
    importInto(file, from, what) {
      if (from !== file.name) file.addImport(`import ${what} from '${specifier(from)}';`);
    },
  };
  const hit = variant === 'hit';
  const app = p.file('app');
  // Layers written in their caller's file sit in `app`; the others in modules of their own.
  // A layer's caller is the previous layer's function, or for a base class layer the base's method.
  const fileOf = (i: number): string => {
    if (i === 0) return 'app';
    const prev = spec.layers[i - 1];
    return prev === 'fn-same' ? fileOf(i - 1) : prev.startsWith('base-') ? `base${i - 1}` : `layer${i - 1}`;
  };
  const bearer = "{ Authorization: `Bearer ${process.env.WEBEX_TOKEN}` }";
  const fetchJson: Callee = { call: (a) => `fetch(${a}).then((r) => r.json())`, ref: undefined, need: () => undefined };
  const m = hit ? ` ${MARK}` : '';
  // A value held elsewhere is expected at its literal (where the edit is), as a literal in place is: trunk codes and
  // field names. A header name held in this file is expected at the lookup (the detector's convention for a local
  // constant), one held in another module at its literal. A call history page size at the query parameter: the key
  // (`max: PAGE_SIZE`) or the string naming it (`max=${PAGE_SIZE}`), a URL constant of another module at its string.

  switch (spec.notice) {
    case 'trunk-code': {
      // The trunk is read from Get a Trunk through the layers; the code is compared with its `errorCodes`.
      const other = variant === 'lookalike';
      const code = variant === 'removed' ? "'F_TO_FQDN_DNS_FAILURE'" : "'E1001'";
      const C = spec.use === 'lookup-table' && spec.holder === 'inline' ? '' : holdValue(p, spec, app, code, 'dnsFailure', hit);
      const getter = wrap(p, spec, fileOf, fetchJson, 'url, opts');
      getter.need(app);
      const url = other ? '`https://api.example.com/v2/carriers/${id}/status`' : '`https://webexapis.com/v1/telephony/config/premisePstn/trunks/${id}`';
      const field = other ? 'faultCodes' : 'errorCodes';
      const holder = other ? 'carrier' : 'trunk';
      const read = `  const ${holder} = await ${getter.call(`${url}, { headers: ${bearer} }`)};`;
      let body: string;
      switch (spec.use) {
        case 'includes':
          body = `  if (${holder}.${field}.includes(${C})) {\n    return 'dns';\n  }\n  return 'ok';`;
          break;
        case 'switch':
          body = `  for (const code of ${holder}.${field}) {\n    switch (code) {\n      case ${C}:\n        return 'dns';\n      default:\n        break;\n    }\n  }\n  return 'ok';`;
          break;
        case 'lookup-table':
          app.addDecl(`const MESSAGES = {\n  ${C ? `[${C}]` : code.slice(1, -1)}: 'The trunk address does not resolve',${C ? '' : m}\n};`);
          body = `  return ${holder}.${field}.map((c) => MESSAGES[c]);`;
          break;
        case 'code-list':
          app.addDecl(`const DNS_CODES = [${C}];`);
          body = `  return ${holder}.${field}.some((c) => DNS_CODES.includes(c));`;
          break;
        default:
          body = `  return ${holder}.${field}.some((c) => c === ${C});`;
      }
      app.addDecl(`export async function check(id) {\n${read}\n${body}\n}`);
      break;
    }
    case 'answer-confirm': {
      const snr = variant === 'lookalike';
      const key = variant === 'removed' ? 'answerConfirmationRequiredEnabled' : 'answerConfirmationEnabled';
      const url = snr ? '`https://webexapis.com/v1/telephony/config/people/${id}/singleNumberReach/numbers`' : '`https://webexapis.com/v1/telephony/config/workspaces/${id}/simultaneousRing`';
      const getter = wrap(p, spec, fileOf, fetchJson, 'url, opts');
      getter.need(app);
      if (spec.use.startsWith('read-')) {
        const read = `  const ring = await ${getter.call(`${url}, { headers: ${bearer} }`)};`;
        let body: string;
        switch (spec.use) {
          case 'read-member':
            body = `  return ring.${key};${m}`;
            break;
          case 'read-destructure':
            body = `  const { enabled, ${key} } = ring;${m}\n  return enabled && ${key};`;
            break;
          case 'read-optional':
            body = `  return ring?.${key} ?? false;${m}`;
            break;
          default: {
            app.addImport("import get from 'lodash/get';");
            const path = holdValue(p, spec, app, `'${key}'`, 'confirmField', hit);
            body = `  return get(ring, ${path}, false);`;
          }
        }
        app.addDecl(`export async function confirmation(id) {\n${read}\n${body}\n}`);
      } else {
        let bodyExpr: string;
        switch (spec.use) {
          case 'body-inline':
            bodyExpr = `{\n      enabled: true,\n      ${key}: true,${m}\n    }`;
            break;
          case 'body-local':
            app.addDecl(`function ringBody(enabled) {\n  const body = {\n    enabled,\n    ${key}: true,${m}\n  };\n  return body;\n}`);
            bodyExpr = 'ringBody(true)';
            break;
          case 'body-helper':
            p.file('ring-body').addDecl(`export function ringBody(enabled) {\n  return {\n    enabled,\n    ${key}: true,${m}\n  };\n}`);
            p.importInto(app, 'ring-body', '{ ringBody }');
            bodyExpr = 'ringBody(true)';
            break;
          case 'body-defaults':
            p.file('defaults').addDecl(`export const RING_DEFAULTS = {\n  ${key}: true,${m}\n  doNotForwardCalls: false,\n};`);
            p.importInto(app, 'defaults', '{ RING_DEFAULTS }');
            bodyExpr = '{ ...RING_DEFAULTS, enabled: true }';
            break;
          default: {
            const k = holdValue(p, spec, app, `'${key}'`, 'confirmField', hit && spec.holder !== 'inline');
            bodyExpr = `{\n      enabled: true,\n      [${k}]: true,${spec.holder === 'inline' ? m : ''}\n    }`;
          }
        }
        const send = `  return ${getter.call(`${url}, {\n    method: 'PUT',\n    headers: { ...${bearer}, 'Content-Type': 'application/json' },\n    body: JSON.stringify(${bodyExpr}),\n  }`)};`;
        app.addDecl(`export async function enableRing(id) {\n${send}\n}`);
      }
      break;
    }
    case 'webhook-header': {
      // An express handler; the headers reach the lookup through the layers (a verifier of another module ...).
      const name = variant === 'removed' ? "'x-spark-signature'" : "'X-Spark-Signature'";
      const caseless = variant === 'lookalike';
      let checked = false;
      const lookup: Callee = {
        call: (a) => `check(${a})`,
        need: (t) => {
          if (checked) return;
          checked = true;
          const H = holdValue(p, spec, t, name, 'signatureHeader', hit && heldElsewhere(spec));
          const m = hit && !heldElsewhere(spec) ? ` ${MARK}` : '';
          let fn: string;
          switch (caseless ? 'get' : spec.use) {
            case 'get':
              fn = `function check(req, secret) {\n  const signature = req.get(${H});\n  return verifyHmac(req.rawBody, signature, secret);\n}`;
              break;
            case 'destructure':
              fn = `function check(req, secret) {\n  const { [${H}]: signature } = req.headers;${m}\n  return verifyHmac(req.rawBody, signature, secret);\n}`;
              break;
            case 'in-test':
              fn = `function check(req, secret) {\n  if (!(${H} in req.headers)) {${m}\n    return false;\n  }\n  return verifyHmac(req.rawBody, req.headers.signature, secret);\n}`;
              break;
            case 'member-fallback-var':
              fn = `function check(req, secret) {\n  const headers = req.headers;\n  const signature = headers[${H}];${m}\n  return verifyHmac(req.rawBody, signature, secret);\n}`;
              break;
            default:
              fn = `function check(req, secret) {\n  const signature = req.headers[${H}];${m}\n  return verifyHmac(req.rawBody, signature, secret);\n}`;
          }
          t.addImport("import crypto from 'node:crypto';");
          t.addDecl(`function verifyHmac(raw, signature, secret) {\n  const digest = crypto.createHmac('sha256', secret).update(raw).digest('hex');\n  return digest === signature;\n}`);
          t.addDecl(fn);
        },
      };
      const chain = wrap(p, spec, fileOf, lookup, 'req, secret');
      chain.need(app);
      app.addImport("import express from 'express';");
      app.addDecl(`export const app = express();\n\napp.post('/webhooks/webex', express.json(), (req, res) => {\n  if (!${chain.call('req, process.env.WEBHOOK_SECRET')}) {\n    res.sendStatus(401);\n    return;\n  }\n  res.sendStatus(204);\n});`);
      break;
    }
    case 'jwt-exp': {
      // A guest token's claims reach the signing call through the layers.
      const notJwt = variant === 'lookalike';
      const exp = variant === 'removed' ? 'Math.floor(Date.now() / 1000) + ttl' : 'Date.now() / 1000 + ttl';
      const signer: Callee = notJwt
        ? { call: (a) => `sessions.set(${a}.userId, JSON.stringify(${a}))`, need: (f) => f.addDecl('const sessions = new Map();') }
        : {
            call: (a) => `jwt.sign(${a}, Buffer.from(process.env.GUEST_SECRET, 'base64'), { algorithm: 'HS256' })`,
            need: (f) => f.addImport("import jwt from 'jsonwebtoken';"),
          };
      const chain = wrap(p, spec, fileOf, signer, 'claims');
      chain.need(app);
      // The look-alike is a session record (no guest claims) kept in a map: a fractional expiry there is no JWT's.
      const claimsOf = (expLine: string) =>
        notJwt ? `{\n    userId: user.id,\n    displayName: user.name,\n    ${expLine}\n  }` : `{\n    sub: user.id,\n    name: user.name,\n    iss: process.env.GUEST_ISSUER_ID,\n    ${expLine}\n  }`;
      let body: string;
      switch (spec.use) {
        case 'sign-inline':
          body = `  return ${chain.call(claimsOf(`exp: ${exp},${m}`))};`;
          break;
        case 'payload-local':
          body = `  const claims = ${claimsOf(`exp: ${exp},${m}`)};\n  return ${chain.call('claims')};`;
          break;
        case 'exp-local':
          body = `  const exp = ${exp};${m}\n  const claims = ${claimsOf('exp,')};\n  return ${chain.call('claims')};`;
          break;
        case 'payload-helper':
          p.file('claims').addDecl(`export function guestClaims(user, ttl) {\n  return ${claimsOf(`exp: ${exp},${m}`).replace(/\n {2}/g, '\n  ')};\n}`);
          p.importInto(app, 'claims', '{ guestClaims }');
          body = `  return ${chain.call('guestClaims(user, ttl)')};`;
          break;
        default:
          // A helper of another module computes the expiry: expected at the claim, which the edit rounds (the helper
          // may serve other expiries), as a value held elsewhere is expected where it is used.
          p.file('expiry').addDecl(`export function expiresIn(ttl) {\n  return ${exp};\n}`);
          p.importInto(app, 'expiry', '{ expiresIn }');
          body = `  return ${chain.call(claimsOf(`exp: expiresIn(ttl),${m}`))};`;
      }
      app.addDecl(`export function guestToken(user, ttl = 3600) {\n${body}\n}`);
      break;
    }
    case 'cdr-max': {
      const other = variant === 'lookalike';
      const host = other ? 'https://api.example.com' : 'https://analytics-calling.webexapis.com';
      const size = variant === 'removed' ? '1000' : '100';
      const getter = wrap(p, spec, fileOf, fetchJson, 'url, opts');
      getter.need(app);
      let body: string;
      switch (spec.use) {
        case 'url-template': {
          const N = holdValue(p, spec, app, size, 'pageSize', false);
          const n = spec.holder === 'inline' ? size : `\${${N}}`;
          body = `  const url = \`${host}/v1/cdr_feed?startTime=\${start}&endTime=\${end}&max=${n}\`;${m}\n  return ${getter.call(`url, { headers: ${bearer} }`)};`;
          break;
        }
        case 'search-params': {
          const N = holdValue(p, spec, app, size, 'pageSize', false);
          body = `  const query = new URLSearchParams({\n    startTime: start,\n    endTime: end,\n    max: String(${N}),${m}\n  });\n  return ${getter.call(`\`${host}/v1/cdr_feed?\${query}\`, { headers: ${bearer} }`)};`;
          break;
        }
        case 'query-object': {
          const N = holdValue(p, spec, app, size, 'pageSize', false);
          app.addDecl('function withQuery(url, query) {\n  return `${url}?${new URLSearchParams(query)}`;\n}');
          body = `  const query = { startTime: start, endTime: end, max: ${N} };${m}\n  return ${getter.call(`withQuery('${host}/v1/cdr_feed', query), { headers: ${bearer} }`)};`;
          break;
        }
        default: {
          p.file('endpoints').addDecl(`export const CDR_FEED = '${host}/v1/cdr_feed?max=${size}';${m}`);
          p.importInto(app, 'endpoints', '{ CDR_FEED }');
          body = `  return ${getter.call(`\`\${CDR_FEED}&startTime=\${start}&endTime=\${end}\`, { headers: ${bearer} }`)};`;
        }
      }
      app.addDecl(`export async function callHistory(start, end) {\n${body}\n}`);
      break;
    }
  }

  const out: Record<string, string> = {};
  const deps: Record<NoticeKey2, string> = {
    'trunk-code': '',
    'answer-confirm': spec.use === 'read-get-path' ? ',\n  "dependencies": { "lodash": "^4.17.21" }' : '',
    'webhook-header': ',\n  "dependencies": { "express": "^4.19.2" }',
    'jwt-exp': ',\n  "dependencies": { "jsonwebtoken": "^9.0.2" }',
    'cdr-max': '',
  };
  out['package.json'] = `{\n  "name": "shapegen2-${spec.seed}",\n  "type": "module"${deps[spec.notice]}\n}\n`;
  let expected: string | undefined;
  const places: string[] = [];
  for (const f of files.values()) {
    const name = `${f.name}.${ext}`;
    const lines = f.render().split('\n');
    lines.forEach((line, n) => {
      if (line.includes(MARK)) places.push(`${name}:${n + 1}`);
    });
    out[name] = lines.map((l) => l.split(` ${MARK}`).join('')).join('\n');
  }
  if (hit) {
    if (places.length !== 1) throw new Error(`seed ${spec.seed}: the evidence is marked ${places.length} times`);
    expected = places[0];
  }
  const tags = [...new Set([`use:${spec.use}`, `holder:${spec.holder}`, ...(spec.layers.length ? spec.layers : ['no layer']), spec.ts ? 'lang:ts' : 'lang:js'])];
  return { spec, variant, files: out, expected, tags };
}
