/**
 * Object tokens (issue 30, round twenty-seven): a detector's token that counts only where the text spells it as the
 * object of a member access (engine/prefilter/prefilter.ts, `objectToken`, `objectSpelling`). webhook-signature's
 * `subtle` is one: its detector reads the name only as the object of `.sign`/`.verify` (`crypto.subtle.sign(...)`,
 * `subtle.verify(...)`, `crypto['subtle']`), so a design system's class names and CSS variables (`border-subtle`,
 * `--text-color-subtle`) and prose no longer make a file a candidate. All code here is synthesized.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeFile, prefilterEntries, sourceCandidates } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { objectSpelling, objectToken, PrefilterPlan, TokenScanner, tokenLabel, tokenProblem, tokenText } from '../engine/prefilter/prefilter.js';
import type { Match } from '../engine/types.js';

const bytesOf = (text: string): Uint8Array => Buffer.from(text, 'utf8');
const sorted = (set: ReadonlySet<string>): string[] => [...set].sort();
const SUBTLE = objectToken('subtle');

/** Real Web Crypto uses: `subtle` as the object of a member access, in each spelling the parsers give the detector. */
const WEB_CRYPTO = [
  "const mac = await crypto.subtle.sign('HMAC', key, data);",
  'const { subtle } = globalThis.crypto;\nconst ok = await subtle.verify(algo, key, sig, data);',
  "const mac = await window.crypto['subtle'].sign('HMAC', key, data);",
  'const mac = await window.crypto["subtle"].sign(algo, key, data);',
  'const mac = await self.crypto[`subtle`].sign(algo, key, data);',
  "import { webcrypto } from 'node:crypto';\nconst mac = await webcrypto.subtle.sign('HMAC', key, data);",
  'const mac = await globalThis.crypto?.subtle?.sign(algo, key, data);',
  'const mac = await (crypto.subtle as SubtleCrypto).sign(algo, key, data);',
  'const mac = await (crypto.subtle satisfies SubtleCrypto).sign(algo, key, data);',
  'const mac = await subtle!.sign(algo, key, data);',
  'const mac = await (<SubtleCrypto>subtle).sign(algo, key, data);',
  'const mac = await crypto.subtle\n  .sign(algo, key, data);',
  'const mac = await crypto.subtle /* Web Crypto */ .sign(algo, key, data);',
  'const mac = await crypto.subtle // Web Crypto\n  .sign(algo, key, data);',
  'const mac = await crypto.subtle\u00A0.sign(algo, key, data); // a no-break space',
  'const mac = await crypto.SUBTLE.sign(algo, key, data); // any ASCII case, as every token',
  'const odd = 0-subtle.sign(algo, key, data); // a minus before the name',
];

/** Look-alikes: the letters `subtle` where no detector reads a member access's object. */
const LOOK_ALIKES = [
  'export const Card = () => <div className="border border-subtle bg-layer-1">card</div>;',
  "const button = cn('!border-subtle !shadow-none', 'bg-danger-subtle hover:bg-danger-subtle/80');",
  'const css = `.panel { border-color: var(--border-color-subtle); color: var(--pf-t--text-color-subtle); }`;',
  "const cls = 'pf-v6-u-text-color-subtle';",
  "const input = <input className=\"border border-subtle !bg-surface-1\" />;",
  '// A subtle bug: the order of these two calls matters.',
  "export const colors = { subtle: '#d1fae5', strong: '#047857' };",
  'export const border = BORDER_COLORS.subtle, fill = FILL.subtleAlt;',
  'function check(key: SubtleCrypto): boolean { return key !== undefined; }',
  'const subtlety = 2; const isSubtle = subtlety > 1;',
];

describe('objectSpelling', () => {
  it('finds a member access\'s object in each spelling of Web Crypto, and not in a look-alike', () => {
    const spelled = objectSpelling('subtle');
    for (const text of WEB_CRYPTO) expect(spelled.test(text), text).toBe(true);
    for (const text of LOOK_ALIKES) expect(spelled.test(text), text).toBe(false);
  });

  it("reads a computed member's string only as a string's whole text, escapes included", () => {
    const spelled = objectSpelling('subtle');
    expect(spelled.test("crypto['\\subtle'].sign(a, k, d)")).toBe(true); // `\s` cooks to `s`
    expect(spelled.test("crypto['\\\nsubtle'].sign(a, k, d)")).toBe(true); // a line continuation cooks to nothing
    expect(spelled.test("const variant = 'subtle-dark';")).toBe(false);
  });
});

describe('TokenScanner with an object token', () => {
  it('gives the object token for a real use, nothing for a look-alike, on the text and on its bytes', () => {
    const scanner = new TokenScanner(['createHmac', SUBTLE]);
    for (const text of WEB_CRYPTO) {
      expect(sorted(scanner.present(text)), text).toEqual([SUBTLE]);
      expect(sorted(scanner.presentInBytes(text, bytesOf(text))), text).toEqual([SUBTLE]);
      expect(scanner.hasAny(text)).toBe(true);
    }
    for (const text of LOOK_ALIKES) {
      expect(scanner.present(text).size, text).toBe(0);
      expect(scanner.presentInBytes(text, bytesOf(text)).size, text).toBe(0);
      expect(scanner.hasAny(text)).toBe(false);
    }
    // Another token of the text is still found beside a look-alike.
    expect(sorted(scanner.present("cn('border-subtle'); crypto.createHmac('sha256', k);"))).toEqual(['createhmac']);
  });

  it("anySpelling (a markup page's whole text) counts the object token wherever its letters are", () => {
    const scanner = new TokenScanner([SUBTLE]);
    expect(sorted(scanner.present('<div class="border-subtle"></div>', true))).toEqual([SUBTLE]);
    expect(scanner.present('<div class="border-subtle"></div>').size).toBe(0);
  });

  it('keeps the plain token of the same letters (a catalog\'s literal `subtle`) wherever it occurs', () => {
    const scanner = new TokenScanner(['subtle', SUBTLE]);
    expect(sorted(scanner.present('<div class="border-subtle">'))).toEqual(['subtle']);
    expect(sorted(scanner.present('crypto.subtle.sign(a, k, d)'))).toEqual([SUBTLE, 'subtle'].sort());
  });

  it('the text, its bytes and a reference (lower-case includes, then objectSpelling) agree on any text', () => {
    // Characters around the letters that decide the spelling (identifier characters, `-`, quotes, escapes, access
    // punctuation, comments, white space), and characters above ASCII that become runs of bytes.
    const unit = fc.constantFrom(...'subtleSUBTLEx-_$.?![()/*\'"`\\ \n\r:;<'.split(''), '\u00A0', '\u2028', '\u00E9', '\u212A', '\u{1F600}', 'subtle', 'as', '<!--');
    const names = fc.constantFrom('subtle', 'tle', 'sub', 'ubtl');
    fc.assert(
      fc.property(fc.array(names, { minLength: 1, maxLength: 3 }), fc.array(names, { maxLength: 2 }), fc.array(unit, { maxLength: 40 }), (objects, plain, parts) => {
        const text = parts.join('');
        const scanner = new TokenScanner([...objects.map(objectToken), ...plain]);
        const found = scanner.present(text);
        expect(sorted(scanner.presentInBytes(text, bytesOf(text)))).toEqual(sorted(found));
        const lower = text.toLowerCase();
        const expected = new Set<string>();
        for (const p of plain) if (lower.includes(p)) expected.add(p);
        for (const o of objects) if (lower.includes(o) && objectSpelling(o).test(text)) expected.add(objectToken(o));
        expect(sorted(found)).toEqual(sorted(expected));
      }),
      { numRuns: 3000 },
    );
  });

  it('an object token is checked and labelled by its letters', () => {
    expect(tokenText(SUBTLE)).toBe('subtle');
    expect(tokenLabel(SUBTLE)).toBe('subtle (object)');
    expect(tokenLabel('createhmac')).toBe('createhmac');
    expect(tokenProblem(objectToken('sub'))).toMatch(/shorter/);
    expect(tokenProblem(SUBTLE)).toBeUndefined();
  });
});

describe("the catalog's webhook-signature detections and `subtle`", () => {
  const catalog = loadCatalog();
  const notices = catalog.notices.filter((n) => n.status !== 'informational');
  const plan = new PrefilterPlan(prefilterEntries(catalog.notices, catalog));
  const webhook = (text: string): string[] => sourceCandidates(text, { catalog, notices }).map((p) => p.notice.id).filter((id) => id.startsWith('webhook-signature'));

  it('a real Web Crypto use is a candidate of the engine and of the walker; a look-alike is neither', () => {
    for (const text of WEB_CRYPTO) {
      expect(webhook(text), text).toContain('webhook-signature-raw-body');
      expect(plan.needsAnalysis(text, 'ts'), text).toBe(true);
    }
    for (const text of LOOK_ALIKES) {
      expect(webhook(text), text).toEqual([]);
      expect(plan.needsAnalysis(text, 'ts'), text).toBe(false);
    }
  });

  const key = (m: Match): string => `${m.noticeId}#${m.detection}:${m.messageId}@${m.range[0]}-${m.range[1]}:${m.confidence}`;
  const findings = (filename: string, text: string, prefilter: boolean): string[] => analyzeFile({ filename, text }, { catalog, notices: catalog.notices, prefilter }).matches.map(key).sort();

  it('keeps the findings of HMACs made through each spelling, with class names beside them', () => {
    const spellings = [
      'crypto.subtle',
      'globalThis.crypto?.subtle',
      "window.crypto['subtle']",
      '(self.crypto.subtle as SubtleCrypto)',
      'webcrypto.subtle',
      'subtle',
    ];
    for (const object of spellings) {
      const text = [
        "import { webcrypto } from 'node:crypto';",
        'const { subtle } = globalThis.crypto;',
        "export const panel = 'border border-subtle text-color-subtle';",
        'export async function verifyWebhook(request: Request, key: CryptoKey, given: Uint8Array): Promise<boolean> {',
        '  const body = await request.json();',
        `  return ${object}.verify('HMAC', key, given, new TextEncoder().encode(JSON.stringify(body)));`,
        '}',
        '',
      ].join('\n');
      const kept = findings('verify.ts', text, true);
      expect(kept.length, object).toBe(1);
      expect(kept).toEqual(findings('verify.ts', text, false));
    }
  });

  it('a markup page: the whole text is decided by the letters, its script by the spelling', () => {
    const page = [
      '<template><div class="border border-subtle bg-danger-subtle">{{ message }}</div></template>',
      '<script setup lang="ts">',
      'async function verifyWebhook(request: Request, key: CryptoKey, given: Uint8Array) {',
      '  const body = await request.json();',
      "  return crypto.subtle.verify('HMAC', key, given, new TextEncoder().encode(JSON.stringify(body)));",
      '}',
      '</script>',
      '',
    ].join('\n');
    expect(plan.present(page, 'html').has(SUBTLE)).toBe(true);
    expect(plan.present('<div class="border-subtle"></div>', 'html').has(SUBTLE)).toBe(true);
    expect(plan.present('<div class="border-subtle"></div>', 'ts').has(SUBTLE)).toBe(false);
    expect(findings('Panel.vue', page, true).length).toBe(1);
    expect(findings('Panel.vue', page, true)).toEqual(findings('Panel.vue', page, false));
    // Only the template holds the letters: no script of the page is parsed.
    const styled = '<template><div class="border-subtle"></div></template>\n<script setup lang="ts">\nexport const n = 1;\n</script>\n';
    expect(analyzeFile({ filename: 'Card.vue', text: styled }, { catalog, notices: catalog.notices }).parsed).toBe(false);
  });
});
