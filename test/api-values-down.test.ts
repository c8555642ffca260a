/**
 * Issue 26 items 1-2 (values that come down from the code that uses a helper), the same-file half: a path given
 * by a caller's literal argument (`listCdr('/cdr_feed', ...)`) to a helper that builds the URL with a query-string
 * helper (`buildQuery({ ...options, max: perPage })`) and sends it through two more helpers
 * (`listAbsolute(url)` -> `fetchJson(url)` -> `fetch`). The query field is judged where the helper writes it,
 * for the path its callers give; a caller passing another endpoint's path leaves it quiet. The cross-file half
 * (static methods of imported classes) is in test/fixtures-project/cross-file/static-request-*.
 */
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';

const catalog = loadCatalog();
const options: AnalyzeOptions = { catalog, notices: catalog.notices.filter((n) => n.id === 'call-history-page-size' || n.id === 'rooms-meeting-info-deprecated'), engine: { today: '2026-11-22' } };
const scan = (text: string): string[] => analyzeFile({ filename: 'server.mjs', text }, options).matches.map((m) => `${m.noticeId} ${m.loc.start.line} ${m.confidence}`);

const server = (path: string): string => `const BASE = 'https://analytics-calling.webexapis.com/v1';

function buildQuery(params = {}) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) query.set(key, String(value));
  const encoded = query.toString();
  return encoded ? \`?\${encoded}\` : '';
}

async function fetchJson(url, options = {}) {
  const response = await fetch(url, options);
  return { response, body: await response.json() };
}

export function client(token) {
  async function listAbsolute(initialUrl, total) {
    const items = [];
    let url = initialUrl;
    while (url && items.length < total) {
      const { body } = await fetchJson(url, { headers: { Authorization: \`Bearer \${token}\` } });
      items.push(...body.items);
      url = body.next;
    }
    return items;
  }

  function listCdr(resource, options = {}, pageSize = 50) {
    const total = Number(options.max || pageSize);
    const perPage = Math.min(Math.max(total, 1), 100);
    const query = {
      ...options,
      max: perPage,
    };
    const url = \`\${BASE}\${resource}\${buildQuery(query)}\`;
    return listAbsolute(url, total);
  }

  return {
    listRecords(options = {}) {
      return listCdr('${path}', options, Number(options.max || 100));
    },
  };
}
`;

describe('a path given by a caller, folded into a request made two helpers down', () => {
  it("the query field the helper writes is judged for the caller's path", () => {
    expect(scan(server('/cdr_feed'))).toEqual(['call-history-page-size 32 certain']);
  });
  it("a caller passing another endpoint's path stays quiet", () => {
    expect(scan(server('/telephony/calls/history'))).toEqual([]);
  });
});

describe('a query appended only when given does not hide the path before it', () => {
  const wrapper = (path: string): string => `const BASE = 'https://webexapis.com/v1';

class Api {
  static get(endpoint, query) {
    return Api.send('GET', BASE + '/rooms/' + endpoint + (query ? '?' + new URLSearchParams(query) : ''));
  }
  static send(method, url) {
    return fetch(url, { method });
  }
}

export const meetingInfo = (id) => Api.get(${path});
`;
  it('`{id}/meetingInfo` given to a wrapper under `/rooms/` is read as the request it makes', () => {
    expect(scan(wrapper("id + '/meetingInfo'"))).toEqual(['rooms-meeting-info-deprecated 12 certain']);
  });
  it('another path stays quiet', () => {
    expect(scan(wrapper('id'))).toEqual([]);
  });
});
