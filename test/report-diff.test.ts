/**
 * The dry runs' unified diff. The Myers diff costs the file's lines times the edit distance (5,000 fixed lines in one
 * file: 28 s of a 56 s dry run); past MAX_EDIT_LENGTH the diff is made line by line, and it must still apply.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyPatch, createTwoFilesPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { linearDiff, MAX_EDIT_LENGTH, unifiedDiff } from '../cli/report/diff.js';

let seed = 11;
const random = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
const WORDS = ['a', 'b', "headers['X-Spark-Signature']", '', '  x;', '\r'];

function text(lines: number): string {
  const body = Array.from({ length: lines }, () => WORDS[random(WORDS.length)]).join('\n');
  return random(3) === 0 ? body : `${body}\n`;
}

function edit(before: string): string {
  const lines = before.split('\n');
  const out: string[] = [];
  for (const line of lines) {
    const r = random(10);
    if (r === 0) out.push(line.toUpperCase() + '!');
    else if (r === 1 && random(2) === 0) continue;
    else if (r === 2 && random(2) === 0) out.push(line, 'added');
    else out.push(line);
  }
  return random(4) === 0 ? out.join('\n').replace(/\n$/, '') : out.join('\n');
}

describe('linearDiff', () => {
  it('applies to the old text and gives the new one (600 random pairs, with and without a final line feed)', () => {
    for (let round = 0; round < 600; round++) {
      const before = text(random(40));
      const after = round % 2 ? edit(before) : before.replace(/a/g, 'A');
      const patch = linearDiff('f.ts', before, after);
      expect(applyPatch(before, patch), JSON.stringify({ before, after, patch })).toBe(after);
    }
  });

  it('is what git applies too: hunks around each change with three lines of context, or one around a changed length', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cm-diff-'));
    const gitApplies = (before: string, after: string): string => {
      const patch = linearDiff('f.txt', before, after);
      writeFileSync(path.join(dir, 'f.txt'), before);
      writeFileSync(path.join(dir, 'p.diff'), patch);
      execFileSync('git', ['apply', 'p.diff'], { cwd: dir });
      expect(readFileSync(path.join(dir, 'f.txt'), 'utf8')).toBe(after);
      return patch;
    };
    try {
      const before = Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n') + '\n';
      const same = gitApplies(before, before.replace('line 3\n', 'LINE 3\n').replace('line 20\n', 'LINE 20\n'));
      expect(same.match(/^@@.*@@$/gm)).toEqual(['@@ -1,7 +1,7 @@', '@@ -18,7 +18,7 @@']);
      expect(same.startsWith('--- a/f.txt\n+++ b/f.txt\n')).toBe(true);
      const longer = gitApplies(before, before.replace('line 3\n', 'LINE 3\n').replace('line 20\n', 'line 20\nnew\n').replace(/line 29\n$/, 'line 29'));
      expect(longer.match(/^@@.*@@$/gm)).toEqual(['@@ -1,30 +1,31 @@']);
      expect(longer.endsWith('+line 29\n\\ No newline at end of file\n')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('unifiedDiff', () => {
  it('is the Myers diff, as before, for an ordinary fix', () => {
    const before = "a\nconst s = req.headers['X-Spark-Signature'];\nb\n";
    const after = before.replace('X-Spark-Signature', 'x-spark-signature');
    expect(unifiedDiff('src/a.ts', before, after)).toBe(createTwoFilesPatch('a/src/a.ts', 'b/src/a.ts', before, after, undefined, undefined, { context: 3 }).replace(/^=+\n/, ''));
  });

  it(`past an edit distance of ${MAX_EDIT_LENGTH} lines it is made line by line, and applies`, () => {
    const before = Array.from({ length: 5_000 }, (_, i) => `  req.headers['X-Spark-Signature']; // ${i}`).join('\n') + '\n';
    const after = before.replace(/X-Spark-Signature/g, 'x-spark-signature');
    const patch = unifiedDiff('src/a.ts', before, after);
    expect(patch).toBe(linearDiff('src/a.ts', before, after));
    expect(applyPatch(before, patch)).toBe(after);
    expect(patch.match(/^-/gm)).toHaveLength(5_001);
  });
});
