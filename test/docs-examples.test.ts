/**
 * The examples of every rule's doc (docs/notices/<id>.md, "Incorrect" and "Correct") linted with the plugin as
 * a user runs it: the incorrect one is reported by its rule on the lines it marks, the correct one is not.
 * Also: every rule's `meta` is as complete as typescript-eslint's rules have it.
 */
import { Linter } from 'eslint';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog, packageRoot } from '../engine/catalog/catalog.js';
import plugin from '../rules/index.js';
import { ruleExample } from '../scripts/gen-docs.js';
import { expectedLines } from './helpers/fixtures.js';

const root = packageRoot();
const detectable = loadCatalog().notices.filter((n) => n.status !== 'informational' && n.detections.length > 0);
const TODAY = '2026-11-22';

function lint(id: string, code: string, origin: string): Linter.LintMessage[] {
  const linter = new Linter({ configType: 'flat' });
  const config = plugin.configs.configure({ today: TODAY, notices: [id], all: true });
  const filename = origin.split('/').pop()!;
  const messages = linter.verify(code, [plugin.configs.typescript, config], { filename });
  expect(messages.filter((m) => m.fatal), origin).toEqual([]);
  return messages.filter((m) => m.ruleId === `collab-migrate/${id}`);
}

describe('rule docs: examples', () => {
  for (const n of detectable) {
    const doc = readFileSync(join(root, 'docs/notices', `${n.id}.md`), 'utf8');
    it(`${n.id}: the doc shows an incorrect and a correct example, and the plugin agrees with both`, () => {
      const bad = ruleExample(n.id, 'invalid', root);
      const good = ruleExample(n.id, 'valid', root);
      expect(bad, 'an invalid fixture').toBeDefined();
      expect(good, 'a valid fixture').toBeDefined();
      expect(doc).toContain('### Incorrect');
      expect(doc).toContain(bad!.code.replace(/\r\n/g, '\n').replace(/\n$/, ''));
      expect(doc).toContain('### Correct');
      expect(doc).toContain(good!.code.replace(/\r\n/g, '\n').replace(/\n$/, ''));
      const reported = lint(n.id, bad!.code, bad!.origin).map((m) => m.line);
      expect(reported.length).toBeGreaterThan(0);
      expect([...new Set(reported)].sort((a, b) => a - b)).toEqual(expectedLines(join(root, bad!.origin), n.id));
      expect(lint(n.id, good!.code, good!.origin)).toEqual([]);
    });
  }
});

describe('rule docs: options and fix behaviour', () => {
  for (const n of detectable) {
    it(`${n.id}: Options (with defaults) and Fix behaviour by date`, () => {
      const doc = readFileSync(join(root, 'docs/notices', `${n.id}.md`), 'utf8');
      expect(doc).toMatch(/## Options\n[\s\S]*\| `today` \| `string` \| the real date \|/);
      expect(doc).toContain('## Fix behaviour by date');
    });
  }
});

describe('rule meta, as complete as typescript-eslint rules have it', () => {
  for (const n of detectable) {
    it(n.id, () => {
      const meta = plugin.rules[n.id].meta as typeof plugin.rules[string]['meta'] & { defaultOptions?: unknown[]; docs?: { recommended?: unknown } };
      expect(meta.docs?.description).toBe(n.title);
      expect(meta.docs?.url).toMatch(new RegExp(`docs/notices/${n.id}\\.md$`));
      expect(meta.docs?.recommended).toBe(true);
      expect(meta.defaultOptions).toEqual([{}]);
      expect(Array.isArray(meta.schema) && meta.schema.length).toBe(1);
      expect(Object.keys(meta.messages).length).toBeGreaterThan(0);
      expect(meta.type).toMatch(/^(problem|suggestion)$/);
      expect(meta.fixable).toBe(n.fix === 'autofix' ? 'code' : undefined);
      expect(Boolean(meta.hasSuggestions)).toBe(n.fix !== 'none');
    });
  }
});
