/**
 * Issue 26, hold-out set 19 after its first run (docs/evaluation.md, "Twenty-sixth session: set 19's shapes"): the
 * shapes behind its ten misses, each with the case that must be found and look-alikes that must stay quiet
 * (synthesized code, nothing copied from the set's repositories). A browser jQuery wrapper that defaults a member of
 * its parameter to an API URL, sets an undeclared `method` in request-type branches and declares its settings with
 * `var` once per method group: engine/api/branches.ts and bindings.ts `defaultedMemberValue`.
 */
import { describe, expect, it } from 'vitest';
import type { AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { projectFileScans } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-28' } });
const { scanFiles, fixes } = projectFileScans('cm-holdout19-shapes-');
const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
const both = only('get-request-content-type', 'cors-localhost-origins');

interface Wrapper {
  /** How the function defaults its parameter's URL (or `after`: written after the request). */
  defaulting?: 'if-null' | 'or' | 'nullish' | 'after' | 'none';
  /** The default URL. */
  url?: string;
  /** The guard of the first settings object (the second is always POST/PUT with data). */
  guard?: string;
  /** Where the method comes from: request-type branches (default) or nothing but the guard. */
  branches?: boolean;
}

/** A page script's wrapper of one resource, in the shape set 19's five modules share (names and text our own). */
const wrapper = (o: Wrapper = {}): string => {
  const url = o.url ?? 'https://webexapis.com/v1/teams';
  const defaults: Record<string, string> = {
    'if-null': `  if (options.url == null || options.url == undefined) {\n    options.url = "${url}";\n  }\n`,
    or: `  options.url = options.url || "${url}";\n`,
    nullish: `  options.url ??= "${url}";\n`,
    after: '',
    none: '',
  };
  return `function teams(options, kind) {
${defaults[o.defaulting ?? 'if-null']}${o.branches === false ? '' : `  if (kind == "list") {
    method = "GET";
    if (options.max) { options.url = options.url + "?max=" + options.max; }
  }
  if (kind == "read") { method = "GET"; options.url = options.url + "/" + options.teamId; }
  if (kind == "create") { method = "POST"; payload = JSON.stringify({ name: options.name }); }
  if (kind == "remove") { method = "DELETE"; options.url = options.url + "/" + options.teamId; }
`}
  if (${o.guard ?? 'method == "GET" || method == "DELETE"'}) {
    var settings = {
      "url": options.url,
      "method": method,
      "headers": {
        "content-type": "application/json",
        "authorization": pageToken
      }
    };
  }
  if (method == "POST" || method == "PUT") {
    var settings = {
      "url": options.url,
      "method": method,
      "headers": { "content-type": "application/json", "authorization": pageToken },
      "data": payload
    };
  }
  var sent = $.ajax(settings);
${o.defaulting === 'after' ? `  if (options.url == null) { options.url = "${url}"; }\n` : ''}  return sent;
}

function listTeams(max) {
  return teams({ max: max }, "list");
}
`;
};

describe('a wrapper whose settings are declared in two branches, on a URL its parameter defaults (set 19)', () => {
  it('positive: the GET/DELETE settings\' Content-Type and the $.ajax call are reported (likely: a caller\'s URL and method), with no edit', () => {
    const text = wrapper();
    expect(scanFiles({ 'js/teams.js': text }, both).sort()).toEqual(
      [`js/teams.js:${lineOf(text, '"content-type": "application/json",')} get-request-content-type likely`, `js/teams.js:${lineOf(text, '$.ajax(settings)')} cors-localhost-origins likely`].sort(),
    );
    // The header object also serves the DELETE (and is not written in the call): no edit is offered for it.
    expect(fixes({ 'js/teams.js': text }, only('get-request-content-type'))).toBe(false);
  });
  it('positive: the default written as `options.url = options.url || ...` and as `options.url ??= ...`', () => {
    for (const defaulting of ['or', 'nullish'] as const) {
      const text = wrapper({ defaulting });
      expect(scanFiles({ 'js/teams.js': text }, only('get-request-content-type'))).toEqual([`js/teams.js:${lineOf(text, '"content-type": "application/json",')} get-request-content-type likely`]);
    }
  });
  it('positive: a guard that admits GET only, the method set nowhere else', () => {
    const text = wrapper({ guard: 'method == "GET"', branches: false });
    expect(scanFiles({ 'js/teams.js': text }, only('get-request-content-type'))).toEqual([`js/teams.js:${lineOf(text, '"content-type": "application/json",')} get-request-content-type likely`]);
  });
  it('look-alike: the first settings guarded by `method == "POST"` only (no GET reaches either settings object)', () => {
    const text = wrapper({ guard: 'method == "POST"' });
    expect(scanFiles({ 'js/teams.js': text }, only('get-request-content-type'))).toEqual([]);
  });
  it('look-alike: a default URL on another host', () => {
    const text = wrapper({ url: 'https://api.example.com/v1/teams' });
    expect(scanFiles({ 'js/teams.js': text }, both)).toEqual([]);
  });
  it('look-alike: the parameter\'s URL defaulted only after the request, or never', () => {
    expect(scanFiles({ 'js/teams.js': wrapper({ defaulting: 'after' }) }, both)).toEqual([]);
    expect(scanFiles({ 'js/teams.js': wrapper({ defaulting: 'none' }) }, both)).toEqual([]);
  });
});

describe('an options var declared in branches (engine/api/branches.ts branchDeclarations)', () => {
  const get = only('get-request-content-type');
  it('positive: two declarations in branches, the GET one with a Content-Type: one request per declaration', () => {
    const text = `function send(kind) {
  if (kind == "read") { var init = { method: "GET", headers: { "Content-Type": "application/json" } }; }
  if (kind == "write") { var init = { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }; }
  return fetch("https://webexapis.com/v1/rooms", init);
}
`;
    expect(scanFiles({ 'src/send.js': text }, get)).toEqual([`src/send.js:2 get-request-content-type likely`]);
  });
  it('look-alike: the GET declaration always followed by a POST one before the call (it never reaches the call)', () => {
    const text = `function send() {
  var init = { method: "GET", headers: { "Content-Type": "application/json" } };
  console.log(init);
  var init = { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" };
  return fetch("https://webexapis.com/v1/rooms", init);
}
`;
    expect(scanFiles({ 'src/send.js': text }, get)).toEqual([]);
  });
  it('look-alike: the GET declarations are another function\'s (the call\'s own are POSTs)', () => {
    const text = `function build(kind) {
  if (kind == "a") { var init = { method: "GET", headers: { "Content-Type": "application/json" } }; }
  if (kind == "b") { var init = { method: "GET", headers: { "Content-Type": "application/json" } }; }
  return init;
}
function send(kind) {
  if (kind == "a") { var init = { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }; }
  if (kind == "b") { var init = { method: "PUT", headers: { "Content-Type": "application/json" }, body: "{}" }; }
  return fetch("https://webexapis.com/v1/rooms", init);
}
`;
    expect(scanFiles({ 'src/send.js': text }, get)).toEqual([]);
  });
  it('look-alike: a declaration written after the call', () => {
    const text = `function send(kind) {
  if (kind == "write") { var init = { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }; }
  var out = fetch("https://webexapis.com/v1/rooms", init);
  if (kind == "read") { var init = { method: "GET", headers: { "Content-Type": "application/json" } }; }
  return out;
}
`;
    expect(scanFiles({ 'src/send.js': text }, get)).toEqual([]);
  });
});

describe('a method a guard narrows or branches assign (engine/api/branches.ts guardedValues, assignedValues)', () => {
  const get = only('get-request-content-type');
  const page = (before: string, guard: string | undefined): string => `function rooms(kind) {
${before}  ${guard ? `if (${guard}) ` : ''}return $.ajax({
    url: "https://webexapis.com/v1/rooms",
    method: method,
    headers: { "content-type": "application/json", authorization: token }
  });
}
`;
  it('positive: `method == "GET" || method == "DELETE"` around inline settings: the GET reported, likely (the removal only suggested)', () => {
    const text = page('', 'method == "GET" || method == "DELETE"');
    expect(scanFiles({ 'js/rooms.js': text }, get)).toEqual([`js/rooms.js:${lineOf(text, '"content-type"')} get-request-content-type likely`]);
    expect(fixes({ 'js/rooms.js': text }, get)).toBe(false);
  });
  it('positive: `method == "GET"` alone: the request is a GET (certain, the header removed from the call)', () => {
    const text = page('', 'method == "GET"');
    expect(scanFiles({ 'js/rooms.js': text }, get)).toEqual([`js/rooms.js:${lineOf(text, '"content-type"')} get-request-content-type certain`]);
    expect(fixes({ 'js/rooms.js': text }, get)).toBe(true);
  });
  it('positive: no guard, branches assign "GET" or "DELETE"', () => {
    const text = page('  if (kind == "list") { method = "GET"; }\n  if (kind == "remove") { method = "DELETE"; }\n', undefined);
    expect(scanFiles({ 'js/rooms.js': text }, get)).toEqual([`js/rooms.js:${lineOf(text, '"content-type"')} get-request-content-type likely`]);
  });
  it('look-alike: the guard admits POST and PUT only', () => {
    expect(scanFiles({ 'js/rooms.js': page('', 'method == "POST" || method == "PUT"') }, get)).toEqual([]);
  });
  it('look-alike: branches assign "POST" and "PUT" only', () => {
    expect(scanFiles({ 'js/rooms.js': page('  if (kind == "a") { method = "POST"; }\n  if (kind == "b") { method = "PUT"; }\n', undefined) }, get)).toEqual([]);
  });
  it('look-alike: the guard\'s consequent assigns the method again before the call', () => {
    expect(scanFiles({ 'js/rooms.js': page('', 'method == "GET" || method == "DELETE"').replace('return $.ajax', '{ method = "POST"; return $.ajax').replace('  });\n}', '  }); }\n}') }, get)).toEqual([]);
  });
  it('look-alike: a method assigned a value the code computes (not a literal) is not guessed', () => {
    expect(scanFiles({ 'js/rooms.js': page('  if (kind == "list") { method = "GET"; }\n  if (kind == "other") { method = kind.toUpperCase(); }\n', undefined) }, get)).toEqual([]);
  });
});
