/**
 * `url-path`: URLs of an endpoint that is going away, wherever they are written (request arguments,
 * constants, templates, concatenations). Route definitions of the consumer's own server are not URLs called.
 */
import type { Detector, RawMatch } from '../detector.js';
import { outerStringExpressions, isRouteDefinition } from './auth-support.js';
import { urlPath } from '../api/index.js';
import type { UrlPathDetection } from '../types.js';

const compiled = new WeakMap<UrlPathDetection, RegExp[]>();

export const urlPathDetector: Detector<UrlPathDetection> = {
  kind: 'url-path',
  messages: {
    endpointDeprecated: '`{{path}}` {{change}}. {{instead}}',
  },
  tokens() {
    return [];
  },
  detect(file, ctx) {
    const d = ctx.detection;
    let res = compiled.get(d);
    if (!res) compiled.set(d, (res = d.paths.map((p) => new RegExp(p, 'i'))));
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
