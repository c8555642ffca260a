/**
 * Issue 28, item 12: raw terminal escapes from the repository or a user catalog never reach the terminal: JSON
 * syntax errors of the rc file, package.json, a catalog, a baseline or a merged report (they quote the text),
 * `explain` and `notices` with a user catalog. In process, through the CLI's `main`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { printableLines } from '../../engine/read/printable.js';
import { runMain } from '../helpers/main-io.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'cm-harm3-esc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ESC = '\x1b]0;pwned\x07\x1b[2J';

const run = runMain;

function repo(files: Record<string, string>): string {
  const d = mkdtempSync(path.join(dir, 'r-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(d, name), text);
  return d;
}

describe('no raw escape reaches the terminal (issue 28, item 12)', () => {
  it.each([
    ['.collab-migraterc.json', ['--today', '2026-03-01', '.']],
    ['package.json', ['--today', '2026-03-01', '.']],
    ['bl.json', ['--today', '2026-03-01', '--concurrency', 'off', '--baseline', 'bl.json', '.']],
    ['c.json', ['--today', '2026-03-01', '--notices', 'c.json', '.']],
    ['r.json', ['merge', 'r.json']],
  ])('a JSON syntax error in %s', async (name, argv) => {
    const d = repo({ 'a.ts': 'export const a = 1;\n', [name]: `{ "x": ${ESC} }` });
    const r = await run(d, argv);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^collab-migrate: /);
    expect(r.err).not.toMatch(/internal error/);
    expect(r.err + r.out).not.toMatch(/[\x07\x1b]/);
  });

  it('explain and notices with a user catalog', async () => {
    const catalog = {
      notices: [{ id: 'my-notice', title: `t${ESC}`, summary: `s${ESC}`, area: 'x', status: 'contract', breaking: false, source: { section: '9' }, instead: `i${ESC}`, fix: 'none', detections: [{ kind: 'property', names: ['myName'] }] }],
    };
    const d = repo({ 'c.json': JSON.stringify(catalog) });
    const explain = await run(d, ['explain', 'my-notice', '--notices', 'c.json', '--today', '2026-03-01']);
    expect(explain.out).toContain('\\x1b');
    expect(explain.out + explain.err).not.toMatch(/[\x07\x1b]/);
    const list = await run(d, ['notices', '--notices', 'c.json', '--today', '2026-03-01']);
    expect(list.out + list.err).not.toMatch(/[\x07\x1b]/);
  });

  it('diffs keep their lines and tabs, escape the rest', () => {
    expect(printableLines(`-a\tb${ESC}\n+c\n`)).toBe('-a\tb\\x1b]0;pwned\\x07\\x1b[2J\n+c\n');
  });
});

describe('CRLF line endings in diffs', () => {
  it('stay as they are; a carriage return inside a line is escaped', () => {
    expect(printableLines('-a\r\n+b\r\n')).toBe('-a\r\n+b\r\n');
    expect(printableLines('-a\rX\n')).toBe('-a\\rX\n');
  });
});
