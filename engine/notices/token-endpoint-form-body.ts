// Seed section 4.2: "The body is `application/x-www-form-urlencoded` only; other body formats are not accepted."
import type { TSESTree } from '@typescript-eslint/utils';
import { dottedName, quoteLike, quoteOf, unwrap, type FileContext, type Node } from '../parse/file-context.js';
import type { Detector, RawMatch } from '../detectors/detector.js';
import { findHeader, getRequests, urlPath, type HttpRequest } from '../api/index.js';
import type { CustomDetection, TextEdit } from '../types.js';
import { passesPathGates, pathPatternGates } from '../prefilter/gates.js';

const TOKEN_PATH = /\/access_token\/?$/;
const FORM = 'application/x-www-form-urlencoded';
const TOKEN_GATE = pathPatternGates([TOKEN_PATH.source], '');

/** Whether an object can be form-encoded as is: flat, no spreads, no nested objects or arrays. */
function isFlat(object: TSESTree.ObjectExpression | undefined): boolean {
  if (!object) return true;
  return object.properties.every((p) => p.type === 'Property' && !['ObjectExpression', 'ArrayExpression'].includes(unwrap(p.value as Node).type));
}

function fixOf(file: FileContext, r: HttpRequest): TextEdit[] | undefined {
  // A device HttpClient sends its body argument as a string, and the device's runtime may have no URLSearchParams:
  // reported without an edit.
  if (r.client === 'xapi') return undefined;
  const body = r.body!;
  if (!isFlat(body.object)) return undefined;
  const edits: TextEdit[] = [];
  const node = unwrap(body.node);
  const parent = file.parentOf(body.node);
  const jsonKey = parent?.type === 'Property' && parent.value === body.node && !parent.computed && parent.key.type === 'Identifier' && parent.key.name === 'json' ? parent : undefined;
  if (node.type === 'CallExpression' && dottedName(node.callee) === 'JSON.stringify' && node.arguments.length === 1) {
    edits.push({ range: [node.range[0], (node.arguments[0] as Node).range[0]], text: 'new URLSearchParams(' });
  } else if (jsonKey && (r.client === 'got' || r.client === 'request')) {
    // got and request both send a `form: {...}` object form-urlencoded.
    edits.push({ range: jsonKey.key.range, text: 'form' });
  } else if (jsonKey && r.client === 'ky') {
    edits.push({ range: [jsonKey.key.range[0], body.node.range[0]], text: 'body: new URLSearchParams(' }, { range: [body.node.range[1], body.node.range[1]], text: ')' });
  } else if ((r.client === 'axios' || r.client === 'unknown') && node.type === 'ObjectExpression' && !jsonKey) {
    edits.push({ range: [body.node.range[0], body.node.range[0]], text: 'new URLSearchParams(' }, { range: [body.node.range[1], body.node.range[1]], text: ')' });
  } else return undefined;
  const ct = findHeader(r, 'content-type');
  if (ct) {
    const v = unwrap(ct.value);
    if (ct.inherited || ct.line || v.type !== 'Literal' || typeof v.value !== 'string') return undefined;
    edits.push({ range: v.range, text: quoteLike(quoteOf(file.text, v), FORM) });
  }
  return edits.sort((a, b) => a.range[0] - b.range[0]);
}

export const tokenEndpointFormBody: Detector<CustomDetection> = {
  kind: 'token-endpoint-form-body',
  messages: {
    jsonTokenRequest: 'The token endpoint `/access_token` is sent a JSON body; it accepts only form-urlencoded bodies. {{instead}}',
  },
  tokens: () => ['access_token'],
  // Sound: a finding's request URL folds to a path that ends in `/access_token` and an optional `/`
  // (TOKEN_PATH, case-sensitive), so the text shows `access_token` preceded and followed by what
  // pathEndGate allows (engine/prefilter/gates.ts).
  mayMatch: (text) => passesPathGates(text, TOKEN_GATE),
  gateReadsUrls: true,
  // A token request whose URL is an imported constant, sent through an imported helper (`postJson(TOKEN_URL, {
  // grant_type, ... })`): no HTTP call in the file, the path in the imported text. `grant_type` names a token
  // request's code (rare outside it).
  importsHoldTokensWhen: [{ source: '\\bgrant_type\\b', flags: '' }],
  detect(file, ctx) {
    const out: RawMatch[] = [];
    for (const r of getRequests(file, ctx.catalog)) {
      if (!r.isApi || !r.url || !r.body || r.body.format !== 'json' || r.method === 'GET') continue;
      if (!TOKEN_PATH.test(urlPath(r.url))) continue;
      out.push({ node: r.body.node, messageId: 'jsonTokenRequest', fix: fixOf(file, r) });
    }
    return out;
  },
};
