/**
 * Legacy object-literal decorators (engine/parse/decorators.ts): oxc reads such a file once they are blanked, and the
 * detectors see what they see in Babel's tree of the original text.
 */
import { describe, expect, it } from 'vitest';
import { FileContext } from '../engine/parse/file-context.js';
import { analyzeContext, analyzeFile } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { blankDecoratorAt, decoratorsBeforeMembers } from '../engine/parse/decorators.js';
import { parseSource } from '../engine/parse/parse.js';
import { parseWithBabel } from '../engine/parse/babel.js';
import type { Match } from '../engine/types.js';

const catalog = loadCatalog();
const opts = { catalog, notices: catalog.notices, engine: {}, prefilter: false };
const key = (m: Match): string => JSON.stringify([m.noticeId, m.messageId, m.range, m.fix ?? null, m.suggestions ?? null, m.confidence]);

/** What the blanked span of `text` is when a decorator starts at the first `@`. */
function span(text: string): string | undefined {
  const at = text.indexOf('@');
  const blanked = blankDecoratorAt(text, at);
  return blanked ? text.slice(at, blanked.end) : undefined;
}

describe('blankDecoratorAt', () => {
  it('takes a name, a member chain, one argument list, or a parenthesised expression', () => {
    expect(span('{ @oneFlight refresh() {} }')).toBe('@oneFlight');
    expect(span('{ @action.bound.x m() {} }')).toBe('@action.bound.x');
    expect(span("{ @whileInFlight('isAuthorizing') @oneFlight m() {} }")).toBe("@whileInFlight('isAuthorizing')");
    expect(span('{ @oneFlight({ keyFactory: (s) => `${s.a(")")}`, re: /\\)/ }) m() {} }')).toBe('@oneFlight({ keyFactory: (s) => `${s.a(")")}`, re: /\\)/ })');
    expect(span('{ @(x.y()) m() {} }')).toBe('@(x.y())');
    expect(span('{ @ a /* c */ . b (1)\n m() {} }')).toBe('@ a /* c */ . b (1)');
  });

  it('keeps every offset and line break', () => {
    const text = "{\n  @dec('a\\\nb', {\n  x: 1 })\n  m() {}\n}";
    const blanked = blankDecoratorAt(text, text.indexOf('@'))!;
    expect(blanked.text).toHaveLength(text.length);
    expect(blanked.text.split('\n')).toHaveLength(text.split('\n').length);
    expect(blanked.text.slice(blanked.end).trimStart().startsWith('m()')).toBe(true);
  });

  it('gives up where no decorator starts or its end cannot be told', () => {
    expect(blankDecoratorAt('{ a: 1 }', 2)).toBeUndefined();
    expect(blankDecoratorAt('{ @dec(1, 2 m() {} }', 2)).toBeUndefined();
    expect(blankDecoratorAt('{ @"x" m() {} }', 2)).toBeUndefined();
    expect(blankDecoratorAt('{ @a. 1 m() {} }', 2)).toBeUndefined();
  });
});

describe('decoratorsBeforeMembers', () => {
  it('holds when each blanked span stands right before an object-literal member, not otherwise', () => {
    const text = 'const o = {\n  /* d */ refresh() { return 1; },\n  b: f(  ),\n};';
    const parsed = parseSource(text, 'a.js');
    if (!parsed.ok) throw new Error(parsed.error.message);
    const before = text.indexOf('/* d */') - 3;
    expect(decoratorsBeforeMembers(text, [[before - 2, before]], parsed.ast)).toBe(true);
    // A span inside a call's arguments (what a misread argument list would blank) stands before no member.
    const inCall = text.indexOf('(  )') + 1;
    expect(decoratorsBeforeMembers(text, [[inCall, inCall + 1]], parsed.ast)).toBe(false);
  });
});

/** Object-literal decorators of every form the fallback reads, each before code the detectors report. */
const DECORATED = `import { oneFlight, whileInFlight } from '@webex/common';
export default WebexPlugin.extend({
  // a comment before the decorators
  @whileInFlight('isAuthorizing') /* between */ @oneFlight({ keyFactory: (scope) => \`\${scope}:\${')'}\` })
  requestToken(options) {
    return this.webex.request({ method: 'POST', uri: 'https://api.ciscospark.com/v1/access_token', form: options });
  },
  @(memo.by('x'))
  async verify(req) {
    return check(req.headers['X-Spark-Signature']);
  },
  @oneFlight
  get people() { return fetch('https://api.ciscospark.com/v1/people'); },
  @dec.a.b
  *pages() { yield { scope: 'spark:peple_read' }; },
  nested: class Calls {
    @observable errorCodes = ['E1001'];
    @action.bound retry(trunk) { return trunk.errorCodes.includes('E1001'); }
  },
});
`;

describe('a file with legacy object-literal decorators', () => {
  it('is read by oxc with them blanked, class decorators kept', () => {
    const parsed = parseSource(DECORATED, 'plugin.js');
    expect(parsed.ok && parsed.parser).toBe('oxc-decorators');
    // The nested class's member decorators are oxc's own syntax and stay in the tree.
    expect(JSON.stringify(parsed.ok && parsed.ast)).toContain('"Decorator"');
  });

  it("gives the findings Babel's tree of the same text gives, fixes and suggestions included", () => {
    const babel = parseWithBabel(DECORATED, 'plugin.js');
    if (!babel.ok) throw new Error(babel.error.message);
    const viaBabel = analyzeContext(new FileContext('plugin.js', DECORATED, babel.ast), opts).map(key);
    const viaOxc = analyzeFile({ filename: 'plugin.js', text: DECORATED }, opts).matches.map(key);
    expect(viaBabel.length).toBeGreaterThanOrEqual(4);
    expect(viaOxc).toEqual(viaBabel);
  });

  it('still goes to Babel when the syntax oxc rejects is not a decorator before a member', () => {
    const text = "export default Plugin.extend({\n  @dec m() { return do { 'https://api.ciscospark.com/v1/x' }; },\n});\n";
    const parsed = parseSource(text, 'a.js');
    expect(parsed.ok && parsed.parser).toBe('babel');
    // A decorator form Babel takes and the blanking does not (a computed member): Babel reads it.
    expect(parseSource('const o = {\n  @foo[bar] a() { return 1; },\n};\n', 'b.js')).toMatchObject({ ok: true, parser: 'babel' });
  });
});

describe('all object-literal decorators of a file blanked in one parse', () => {
  /** The text with each listed decorator replaced by spaces of its length (what the blanking must give). */
  const blankedByHand = (text: string, decorators: readonly string[]): string => decorators.reduce((t, d) => t.replace(d, ' '.repeat(d.length)), text);
  const tree = (text: string): string => {
    const parsed = parseSource(text, 'p.js', undefined, { ranges: false });
    if (!parsed.ok) throw new Error(parsed.error.message);
    return JSON.stringify(parsed.ast);
  };

  it("blanks exactly the decorators, not an `@` in a comment, string, template or regular expression", () => {
    const decorators = ["@whileInFlight('a')", '@oneFlight', '@waitForValue(\'@token\')', '@b.c'];
    const text = `/** @param {string} x */
export default Plugin.extend({
  ${decorators[0]} ${decorators[1]}
  refresh(x) { return fetch('https://api.ciscospark.com/v1/people?q=@me'); },
  // @see another
  ${decorators[2]}
  get token() { return \`@\${x}\` + /@+/.source; },
  ${decorators[3]} list() { return '@'; },
});
`;
    const parsed = parseSource(text, 'p.js', undefined, { ranges: false });
    expect(parsed.ok && parsed.parser).toBe('oxc-decorators');
    expect(tree(text)).toBe(tree(blankedByHand(text, decorators)));
    expect(tree(blankedByHand(text, decorators))).toContain('q=@me');
  });

  it('keeps the decorators oxc accepts before the first one it rejects, and a class decorator after it', () => {
    const text = "@sealed class A {}\nexport default P.extend({\n  @oneFlight m() { return 1; },\n  k: class { @observable v = 1; },\n});\n";
    const parsed = parseSource(text, 'p.js', undefined, { ranges: false });
    expect(parsed.ok && parsed.parser).toBe('oxc-decorators');
    const json = JSON.stringify(parsed.ok && parsed.ast);
    expect(json.match(/"type":"Decorator"/g)).toHaveLength(2);
    expect(json).toBe(tree(blankedByHand(text, ['@oneFlight'])));
  });
});
