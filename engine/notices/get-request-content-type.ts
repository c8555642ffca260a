// Seed section 7: "GET request with any `Content-Type` header | may be rejected (since 2025-09-08)".
import type { TSESTree } from '@typescript-eslint/utils';
import type { Node } from '../parse/file-context.js';
import type { Detector, RawMatch } from '../detectors/detector.js';
import { removePropertyEdit } from '../detectors/shared.js';
import { getRequests, type HttpRequest, type RequestHeader, apiMarkers } from '../api/index.js';
import type { CustomDetection, TextEdit } from '../types.js';

const inside = (outer: Node, inner: Node): boolean => outer.range[0] <= inner.range[0] && inner.range[1] <= outer.range[1];

/** The removal of a header written for this request only (inline in the call); shared header objects are not edited. */
function removal(text: string, r: HttpRequest, h: RequestHeader, parentOf: (n: Node) => Node | undefined): TextEdit | undefined {
  if (h.call && h.call.callee.type === 'MemberExpression') {
    return { range: [h.call.callee.object.range[1], h.call.range[1]], text: '' };
  }
  if (!h.property) return undefined;
  const owner = parentOf(h.property);
  if (owner?.type !== 'ObjectExpression' || owner !== r.headersNode || !inside(r.node, owner)) return undefined;
  return removePropertyEdit(text, owner as TSESTree.ObjectExpression, h.property);
}

export const getRequestContentType: Detector<CustomDetection> = {
  kind: 'get-request-content-type',
  messages: {
    getWithContentType: 'GET request to the API sets a `Content-Type` header, which the stricter header validation may reject. {{instead}}',
  },
  tokens: () => ['content-type'],
  requires: (_d, catalog) => apiMarkers(catalog),
  detect(file, ctx) {
    const out: RawMatch[] = [];
    for (const r of getRequests(file, ctx.catalog)) {
      if (!r.isApi || r.method !== 'GET' || r.body) continue;
      for (const h of r.headers) {
        if (h.name.toLowerCase() !== 'content-type') continue;
        // Headers of a client instance apply to its other methods too: not this request's to drop.
        if (h.inherited) continue;
        const fix = removal(file.text, r, h, (n) => file.parentOf(n));
        out.push({ node: h.property ?? h.call!, messageId: 'getWithContentType', fix: fix ? [fix] : undefined });
      }
    }
    return out;
  },
};
