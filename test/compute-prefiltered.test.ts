/**
 * A file the main thread reads in a large scan without a cache (cli/scan/cache.ts `computeFile`, cli/scan/scan-core.ts
 * `prefiltered`): the prefilter's decision on its bytes is the walker thread's, and a file it rules out is not given to
 * the engine. The outcome must be what the engine gives, whichever thread reads the file (issue 30, twenty-seventh
 * session).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { prefilterEntries } from '../engine/analyze.js';
import { PrefilterPlan, SMALL_SEARCH } from '../engine/prefilter/prefilter.js';
import { fileLanguage } from '../engine/read/language.js';
import { computeFile, outcomeOf } from '../cli/scan/cache.js';
import type { FoundFile } from '../cli/walk/files.js';
import type { ScanContext } from '../cli/scan/scan-core.js';

describe('computeFile with the prefilter decision (no cache)', () => {
  it('gives the engine outcome for every fixture file, those the prefilter rules out included', () => {
    const catalog = loadCatalog();
    const today = '2026-11-22';
    const ctx: ScanContext = { analyze: { catalog, notices: catalog.notices, engine: { today } }, dates: { today }, today };
    const plan = new PrefilterPlan(prefilterEntries(catalog.notices, catalog));
    const root = path.join(import.meta.dirname, 'fixtures');
    const files: FoundFile[] = [];
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      const language = fileLanguage(entry.name);
      if (!entry.isFile() || language === 'unsupported') continue;
      const full = path.join(entry.parentPath, entry.name);
      files.push({ path: full, display: path.relative(root, full), language, maxSize: 1 << 22 });
    }
    // Files without a notice's token that hold suppression comments (the report needs their text).
    const dir = mkdtempSync(path.join(tmpdir(), 'cm-prefiltered-'));
    const suppressing = {
      'lint.ts': "// eslint-disable-next-line no-console\nconsole.log(1);\n",
      'ours.ts': '// collab-migrate-ignore-next-line legacy-api-host\nexport const a = 1;\n',
      'other.yaml': '# collab-migrate-ignore-file\nkey: value\n',
    };
    for (const [name, text] of Object.entries(suppressing)) {
      writeFileSync(path.join(dir, name), text);
      files.push({ path: path.join(dir, name), display: name, language: fileLanguage(name) as FoundFile['language'], maxSize: 1 << 22 });
    }
    // The files the plan rules out (a file it lets through is analysed as before, with the plan's tokens).
    const ruledOut = files.filter((file) => {
      const text = readFileSync(file.path, 'utf8');
      return !plan.decide(text, file.language, Buffer.from(text)).candidate;
    });
    // The first SMALL_SEARCH bytes a thread reads go to the engine as before: read past them, then every file again.
    for (let bytes = 0; bytes <= SMALL_SEARCH; ) {
      for (const file of ruledOut) {
        computeFile(file, ctx, undefined, false);
        bytes += readFileSync(file.path).length;
      }
    }
    for (const file of ruledOut) {
      const computed = computeFile(file, ctx, undefined, false);
      const expected = outcomeOf(file, readFileSync(file.path, 'utf8'), ctx);
      expect(expected, file.display).toEqual({ matches: [], directives: expect.any(Boolean) });
      expect(computed, file.display).toEqual({ kind: 'read', outcome: expected, text: readFileSync(file.path, 'utf8') });
    }
    expect(files.length).toBeGreaterThan(300);
    // The files ruled out are there (look-alikes, files without a notice's token), so the shortcut was taken.
    expect(ruledOut.length).toBeGreaterThan(20);
    expect(ruledOut.filter((f) => /eslint-disable|collab-migrate-ignore-/.test(readFileSync(f.path, 'utf8'))).length).toBe(3);
    rmSync(dir, { recursive: true, force: true });
  });
});
