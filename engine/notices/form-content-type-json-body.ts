// Seed section 7: "POST with JSON or XML data but a form-urlencoded `Content-Type` | rejected".
import type { Detector, RawMatch } from '../detectors/detector.js';
import { findHeader, getRequests, headerValue, apiMarkers, mayWriteApiUrl } from '../api/index.js';
import type { CustomDetection } from '../types.js';

export const formContentTypeJsonBody: Detector<CustomDetection> = {
  kind: 'form-content-type-json-body',
  messages: {
    formHeaderJsonBody: 'The `Content-Type` says form-urlencoded but the body is JSON; the stricter header validation rejects the request. {{instead}}',
  },
  tokens: () => ['x-www-form-urlencoded'],
  requires: (_d, catalog) => apiMarkers(catalog),
  // Only requests and clients whose URL calls the API are judged (`isApi`): a file writes such a URL, or imports it.
  mayMatch: (text, ctx) => mayWriteApiUrl(text, ctx.catalog),
  gateOnImportedUrls: true,
  detect(file, ctx) {
    const out: RawMatch[] = [];
    for (const r of getRequests(file, ctx.catalog)) {
      if (!r.isApi || !r.body || r.method === 'GET') continue;
      const ct = findHeader(r, 'content-type');
      const value = ct ? headerValue(file, ct) : undefined;
      if (!value || !/application\/x-www-form-urlencoded/i.test(value.value)) continue;
      // engine/api/call-parts.ts already counts an object that superagent, or axios from 0.28 (1.x), encodes by the header as a form body.
      if (r.body.format !== 'json') continue;
      out.push({ node: r.body.node, messageId: 'formHeaderJsonBody' });
    }
    return out;
  },
};
