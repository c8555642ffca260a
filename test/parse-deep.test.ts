/**
 * oxc-parser ends the process with SIGSEGV on some deeply nested input (on a thread's usual stack); the engine
 * parses text that may nest deeply with oxc in a worker thread with a 1 GB stack (engine/parse/deep.ts), and
 * text deeper than that budget with typescript-estree (a catchable RangeError), so a scan never dies. Run in a
 * child process: a crash there is a failed test, not a dead test runner. Uses the build (`npm test` builds first).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isJsxFile, LITERAL_PATH_BUDGET, mayNestDeeply, nestingEstimate, NESTING_BUDGET, parseSource, tokenBounds, tokenNestingBound } from '../engine/parse/parse.js';
import { DEEP_BUDGET, stopDeepParser } from '../engine/parse/deep.js';
import { oxcModule, parseWithOxc, parseWithOxcDeep } from '../engine/parse/oxc.js';

const PARSE = fileURLToPath(new URL('../dist/engine/parse/parse.js', import.meta.url));

/** What the child said of one text: `ok`, the parser's name, or `failed: <why>`; undefined when it died first. */
type Outcome = string | undefined;

/**
 * Parses the texts in order in one child process (one process per group of cases: starting Node and loading the
 * parsers once, not once per case) and returns each text's outcome. The child answers each text on its own line
 * as soon as it is parsed, so a crash (a signal, a non-zero exit) leaves the text it died on, and every text
 * after it, without an answer: those cases fail, naming how the child ended.
 */
function parseInChild(texts: ReadonlyArray<{ text: string; filename: string }>, timeout = 600_000): { outcomes: Outcome[]; ended: string } {
  const script = `import { parseSource } from ${JSON.stringify(PARSE)}; import { readFileSync } from 'node:fs';
    const cases = JSON.parse(readFileSync(0, 'utf8'));
    for (const c of cases) {
      const r = parseSource(c.text, c.filename);
      process.stdout.write(JSON.stringify(r.ok ? (r.parser ?? 'oxc') : 'failed: ' + r.error.message) + '\\n');
    }`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { input: JSON.stringify(texts), encoding: 'utf8', timeout, maxBuffer: 1 << 26 });
  const lines = child.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as string);
  const ended = child.signal ? `killed by ${child.signal}` : `exit code ${child.status}${child.stderr ? `: ${child.stderr.slice(0, 500)}` : ''}`;
  // A child that did not end cleanly answered nothing that can be trusted after its last line.
  const outcomes = texts.map((_, i) => (i < lines.length && (i < lines.length - 1 || (child.status === 0 && !child.signal)) ? lines[i] : undefined));
  return { outcomes, ended };
}

/** The outcome of case `i` of a group, parsed once (on first use) for the whole group. */
function group(texts: () => ReadonlyArray<{ text: string; filename: string }>): (i: number) => { outcome: Outcome; ended: string } {
  let done: { outcomes: Outcome[]; ended: string } | undefined;
  return (i) => {
    done ??= parseInChild(texts());
    return { outcome: done.outcomes[i], ended: done.ended };
  };
}

const shapes: Record<string, (n: number) => string> = {
  'unary minus in parens': (n) => 'const x = ' + '-('.repeat(n) + '1' + ')'.repeat(n) + ';',
  'nested templates': (n) => 'const x = ' + '`${'.repeat(n) + '1' + '}`'.repeat(n) + ';',
  'nested generics': (n) => 'type T = ' + 'A<'.repeat(n) + 'B' + '>'.repeat(n) + ';',
  'nested arrays': (n) => 'const x = ' + '['.repeat(n) + '1' + ']'.repeat(n) + ';',
  'conditional chain': (n) => 'const x = ' + 'a ? b : '.repeat(n) + 'c;',
  'assignment chain': (n) => 'a = '.repeat(n) + '1;',
  'arrow chain': (n) => 'const f = ' + '() => '.repeat(n) + '1;',
  'if chain': (n) => 'if (a) '.repeat(n) + 'x();',
  'jsx': (n) => 'const x = ' + '<a>'.repeat(n) + '</a>'.repeat(n) + ';',
  'await chain': (n) => 'async function f() { return ' + 'await '.repeat(n) + 'x; }',
};

/** Left-nested chains whose brackets close at once: oxc-parser 0.159 ends the process at 150,000 `||`. */
const chains: Record<string, (n: number) => string> = {
  'logical or chain': (n) => 'x = ' + Array(n).fill('a').join(' ||\n') + ';',
  'multiplication chain': (n) => 'x = ' + Array(n).fill('a').join(' *\n') + ';',
  'member chain': (n) => 'x = a' + '\n.b'.repeat(n) + ';',
  'call chain': (n) => 'x = a' + '(\n)'.repeat(n) + ';',
  'index chain': (n) => 'x = a' + '[0]\n'.repeat(n) + ';',
};

describe('deeply nested input never crashes the process', { timeout: 600_000 }, () => {
  const shapeCases = Object.entries(shapes);
  const shapeOutcome = group(() => shapeCases.map(([name, make]) => ({ text: make(20_000), filename: name === 'jsx' ? 'x.tsx' : 'x.ts' })));
  shapeCases.forEach(([name, make], i) => {
    it(`${name}, 20,000 deep: parsed by oxc in the big-stack worker, the process survives`, () => {
      const text = make(20_000);
      expect(mayNestDeeply(text)).toBe(true);
      expect(nestingEstimate(text)).toBeLessThan(DEEP_BUDGET);
      const { outcome, ended } = shapeOutcome(i);
      expect(outcome, `the child process ended (${ended}) before answering`).toBeDefined();
      expect(outcome).toBe('oxc-worker');
    });
  });

  const chainCases = Object.entries(chains);
  const chainOutcome = group(() => chainCases.map(([, make]) => ({ text: make(150_000), filename: 'x.ts' })));
  chainCases.forEach(([name, make], i) => {
    it(`${name}, 150,000 long: over the worker's budget, routed to typescript-estree, the process survives`, () => {
      const text = make(150_000);
      expect(nestingEstimate(text)).toBeGreaterThanOrEqual(DEEP_BUDGET);
      const { outcome, ended } = chainOutcome(i);
      expect(outcome, `the child process ended (${ended}) before answering`).toBeDefined();
      // Parsed, or refused with a reason: either way an answer, from a process that lived on.
      expect(typeof outcome).toBe('string');
    });
  });

  // The shapes that crash soonest on a usual stack, just under the worker's budget: the 1 GB stack holds them.
  const budgetShapes = ['unary minus in parens', 'nested arrays', 'nested generics', 'nested templates'];
  /** The deepest multiple of 5,000 levels whose count stays under the budget (templates count 2 per level). */
  const deepest = (name: string): number => {
    let depth = DEEP_BUDGET;
    while (nestingEstimate(shapes[name]!(depth)) >= DEEP_BUDGET) depth -= 5_000;
    return depth;
  };
  const budgetOutcome = group(() => budgetShapes.map((name) => ({ text: shapes[name]!(deepest(name)), filename: 'x.ts' })));
  budgetShapes.forEach((name, i) => {
    it(`${name}, as deep as the budget lets through: the worker's stack holds`, () => {
      const depth = deepest(name);
      expect(depth).toBeGreaterThanOrEqual(DEEP_BUDGET / 2 - 5_000);
      const text = shapes[name]!(depth);
      expect(nestingEstimate(text)).toBeLessThan(DEEP_BUDGET);
      const { outcome, ended } = budgetOutcome(i);
      expect(outcome, `the child process ended (${ended}) before answering`).toBeDefined();
      expect(typeof outcome).toBe('string');
    });
  });

  it('the worker gives the tree the direct parse gives (regular expression and BigInt values included)', () => {
    if (!oxcModule()) return;
    const text = 'const r = /a+b/gi;\nconst n = 12n;\nexport const s = `x${r.source}`;\n' + 'f(a.b.c, [1, 2]);\n'.repeat(1500);
    expect(mayNestDeeply(text)).toBe(true);
    const direct = parseWithOxc(oxcModule()!, text, 'x.ts', 'ts');
    const deep = parseWithOxcDeep(text, 'x.ts', 'ts', 30_000);
    expect(deep && !deep.ok ? deep.error : 'ok').toBe('ok');
    expect(direct.ok ? 'ok' : direct.error).toBe('ok');
    const plain = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x instanceof RegExp ? `/${x.source}/${x.flags}` : x));
    expect(plain(deep!.ok && deep!.ast)).toBe(plain(direct.ok && direct.ast));
    const literal = (deep as { ast: { body: Array<{ declarations: Array<{ init: { value: unknown } }> }> } }).ast.body[0]!.declarations[0]!.init.value;
    expect(literal).toBeInstanceOf(RegExp);
    expect(parseSource(text, 'x.ts').ok).toBe(true);
  });

  it('a parse in the worker that runs out of time is a failure naming the limit, and the next parse works', () => {
    if (!oxcModule()) return;
    const big = 'f(a.b.c, [1, 2]);\n'.repeat(200_000);
    const slow = parseWithOxcDeep(big, 'x.ts', 'ts', 1);
    expect(slow?.ok).toBe(false);
    expect(!slow!.ok && slow!.error.message).toMatch(/took longer than 0 s/);
    const next = parseWithOxcDeep('const x = 1;\n', 'x.ts', 'ts', 30_000);
    expect(next?.ok).toBe(true);
    stopDeepParser();
  });

  it('ordinary files stay on the fast parser', () => {
    const ordinary = 'export function f(a: number) {\n  return a > 1 ? [a, { b: `${a}` }] : null;\n}\n'.repeat(60);
    expect(ordinary.length).toBeGreaterThan(NESTING_BUDGET);
    expect(mayNestDeeply(ordinary)).toBe(false);
  });
});

describe('work per file is bounded (issue 19, item 10)', () => {
  it('a 2 MB file of 80,000 exports is parsed by oxc, not by typescript-estree (directly: its token bound is low)', () => {
    let text = '';
    for (let i = 0; text.length < 1_990_000; i++) text += `export const a${i} = ${i};\n`;
    expect(mayNestDeeply(text)).toBe(true);
    expect(nestingEstimate(text)).toBeLessThan(DEEP_BUDGET);
    expect(tokenNestingBound(text, false)).toBeLessThan(NESTING_BUDGET);
    const r = parseSource(text, 'x.ts');
    expect(r.ok).toBe(true);
    expect(r.ok && r.parser).toBeUndefined();
  });

  it('large text over the worker budget is not handed to typescript-estree: a failure saying why', () => {
    const text = 'x = ' + Array(150_000).fill('a').join(' ||\n') + ';\n';
    expect(text.length).toBeGreaterThan(512 * 1024);
    const r = parseSource(text, 'x.ts');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.message).toMatch(/too large to parse safely: \d+ KB that could nest [\d,]+ levels deep/);
  });
});

/** Chains whose links hide `;` and `,` where the token bound must not take them for separators. */
const hidden: Record<string, [string, (n: number) => string]> = {
  'string links holding ";"': ['x.ts', (n) => 'x = a' + " + ';' + a".repeat(n) + ';'],
  'string links holding ","': ['x.ts', (n) => 'x = a' + ' + "," + a'.repeat(n) + ';'],
  'comments holding ";" between member links': ['x.ts', (n) => 'x = a' + ' /* ; */ .b // ,\n'.repeat(n) + ';'],
  'template text holding ";" and ","': ['x.ts', (n) => 'x = a' + ' + `;,` + a'.repeat(n) + ';'],
  'regular expressions holding ";"': ['x.js', (n) => 'x = a' + ' + /;,/.source + a'.repeat(n) + ';'],
  'JSX text holding ";" and ","': ['x.tsx', (n) => 'const x = ' + '<a>;,'.repeat(n) + '</a>'.repeat(n) + ';'],
  'unbalanced closers first': ['x.ts', (n) => ')]}'.repeat(50) + 'x = a' + ' + a'.repeat(n) + ';'],
};

describe('the token-level bound (large shallow files skip the worker; deep ones never do)', { timeout: 600_000 }, () => {
  for (const [name, make] of Object.entries({ ...shapes, ...chains })) {
    it(`${name}, 20,000 deep: the bound still sends it to the worker`, () => {
      const filename = name === 'jsx' ? 'x.tsx' : 'x.ts';
      expect(tokenNestingBound(make(20_000), isJsxFile(filename))).toBeGreaterThanOrEqual(NESTING_BUDGET);
    });
  }

  const hiddenCases = Object.entries(hidden);
  const hiddenOutcome = group(() => hiddenCases.map(([, [filename, make]]) => ({ text: make(20_000), filename })));
  hiddenCases.forEach(([name, [filename, make]], i) => {
    it(`${name}, 20,000 deep: not taken for separators; parsed in the worker, the process survives`, () => {
      const text = make(20_000);
      expect(tokenNestingBound(text, isJsxFile(filename))).toBeGreaterThanOrEqual(NESTING_BUDGET);
      const { outcome, ended } = hiddenOutcome(i);
      expect(outcome, `the child process ended (${ended}) before answering`).toBeDefined();
      expect(outcome).not.toBe('oxc');
    });
  });

  it('regular expressions deep in a chain are not handed to oxc (the tree it gives grows with the sum of their depths)', () => {
    const deep = hidden['regular expressions holding ";"']![1](20_000);
    expect(tokenBounds(deep, false).literalPaths).toBeGreaterThan(LITERAL_PATH_BUDGET);
    // A file full of regular expressions at ordinary depths stays far under the budget.
    const ordinary = 'export const rules = [\n' + "  [/^a+b$/i, 'x', 12n],\n".repeat(3000) + '];\n';
    expect(mayNestDeeply(ordinary)).toBe(true);
    expect(tokenBounds(ordinary, false).literalPaths).toBeLessThan(LITERAL_PATH_BUDGET / 10);
    const r = parseSource(ordinary, 'x.ts');
    expect(r.ok && r.parser).toBeUndefined();
  });

  it('a large file of short statements (many dots, calls and colons in all) is parsed directly', () => {
    const text = "import { a } from 'a';\n" + "describe('x', () => {\n" + "  it('y', async () => { await a.b.c(d, { e: 1, f: [g.h] }); expect(x.y).to.equal(z ? 1 : 2); });\n".repeat(600) + '});\n';
    expect(mayNestDeeply(text)).toBe(true);
    expect(tokenNestingBound(text, true)).toBeLessThan(NESTING_BUDGET);
    const r = parseSource(text, 'x.js');
    expect(r.ok && r.parser).toBeUndefined();
  });

  it('the bound is at least the bracket depth and the keyword count', () => {
    expect(tokenNestingBound('x = ' + '('.repeat(3000) + '1' + ')'.repeat(3000) + ';', false)).toBeGreaterThanOrEqual(3000);
    expect(tokenNestingBound('if (a) x; else '.repeat(3000) + 'y;', false)).toBeGreaterThanOrEqual(3000);
  });
});
