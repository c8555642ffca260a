/**
 * `url-path`: URLs of an endpoint that is going away, wherever they are written (request arguments,
 * constants, templates, concatenations). Route definitions of the consumer's own server are not URLs called.
 */
import type { Detector, RawMatch } from './detector.js';
import { outerStringExpressions, isRouteDefinition } from './auth-support.js';
import { urlPath } from '../api/index.js';
import type { UrlPathDetection } from '../types.js';
import { detectionPathGates, passesPathGates } from '../prefilter/gates.js';

const compiled = new WeakMap<UrlPathDetection, RegExp[]>();

function patterns(d: UrlPathDetection): RegExp[] {
  let res = compiled.get(d);
  if (!res) compiled.set(d, (res = d.paths.map((p) => new RegExp(p, 'i'))));
  return res;
}

export const urlPathDetector: Detector<UrlPathDetection> = {
  kind: 'url-path',
  messages: {
    endpointDeprecated: '`{{path}}` {{change}}. {{instead}}',
  },
  tokens() {
    return [];
  },
  // Sound: both interpreters report only a string whose path one of the patterns matches (engine/prefilter/gates.ts).
  mayMatch: (text, ctx) => passesPathGates(text, detectionPathGates(ctx.detection)),
  gateReadsUrls: true,
  // Each string or template on its own (a concatenation cannot be folded without a tree).
  detectUnparsed(file, ctx) {
    const res = patterns(ctx.detection);
    const out: RawMatch[] = [];
    for (const s of file.strings) {
      if (!s.value.includes('/')) continue;
      const path = urlPath({ value: s.value, complete: !s.template }).replace(/\u0000+/g, '\u0000');
      if (res.some((re) => re.test(path))) out.push({ range: s.range, messageId: 'endpointDeprecated', data: { path: path.replace(/\u0000/g, '{…}'), change: ctx.detection.change } });
    }
    return out;
  },
  detect(file, ctx) {
    const d = ctx.detection;
    const res = patterns(d);
    const out: RawMatch[] = [];
    for (const node of outerStringExpressions(file)) {
      const s = file.staticString(node);
      if (!s || !s.value.includes('/')) continue;
      const path = urlPath(s).replace(/\u0000+/g, '\u0000');
      if (!res.some((re) => re.test(path))) continue;
      if (isRouteDefinition(file, node)) continue;
      out.push({ node, messageId: 'endpointDeprecated', data: { path: path.replace(/\u0000/g, '{…}'), change: d.change } });
    }
    return out;
  },
};
