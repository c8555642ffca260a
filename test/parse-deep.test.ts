/**
 * oxc-parser ends the process with SIGSEGV on some deeply nested input; the engine must route such text to
 * typescript-estree (a catchable RangeError) so a scan never dies. Run in a child process: a crash there
 * is a failed test, not a dead test runner. Uses the build (`npm test` builds first).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mayNestDeeply, NESTING_BUDGET } from '../engine/parse.js';

const PARSE = fileURLToPath(new URL('../dist/engine/parse.js', import.meta.url));

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

describe('deeply nested input never crashes the process', () => {
  for (const [name, make] of Object.entries(shapes)) {
    it(`${name}, 20,000 deep: routed away from oxc and reported as a parse failure`, () => {
      const text = make(20_000);
      expect(mayNestDeeply(text)).toBe(true);
      const script = `import { parseSource } from ${JSON.stringify(PARSE)}; import { readFileSync } from 'node:fs';
        const r = parseSource(readFileSync(0, 'utf8'), ${JSON.stringify(name === 'jsx' ? 'x.tsx' : 'x.ts')});
        process.stdout.write(r.ok ? 'ok' : 'failed');`;
      const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { input: text, encoding: 'utf8' });
      expect(child.signal).toBeNull();
      expect(child.status).toBe(0);
      expect(['ok', 'failed']).toContain(child.stdout);
    });
  }

  for (const [name, make] of Object.entries(chains)) {
    it(`${name}, 150,000 long: routed away from oxc, the process survives`, () => {
      const text = make(150_000);
      expect(mayNestDeeply(text)).toBe(true);
      const script = `import { parseSource } from ${JSON.stringify(PARSE)}; import { readFileSync } from 'node:fs';
        const r = parseSource(readFileSync(0, 'utf8'), 'x.ts');
        process.stdout.write(r.ok ? 'ok' : 'failed');`;
      const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { input: text, encoding: 'utf8' });
      expect(child.signal).toBeNull();
      expect(child.status).toBe(0);
      expect(['ok', 'failed']).toContain(child.stdout);
    });
  }

  it('ordinary files stay on the fast parser', () => {
    const ordinary = 'export function f(a: number) {\n  return a > 1 ? [a, { b: `${a}` }] : null;\n}\n'.repeat(60);
    expect(ordinary.length).toBeGreaterThan(NESTING_BUDGET);
    expect(mayNestDeeply(ordinary)).toBe(false);
  });
});
