/** Tests about the ESLint plugin itself: derived from the catalog, meta consistent with fix kinds, configs by date. */
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import tsParser from '@typescript-eslint/parser';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { severityOf } from '../engine/catalog/dates.js';
import plugin, { createPlugin, docsUrl, messagesOf } from '../rules/index.js';
import { getDetector } from '../engine/detectors/index.js';

const catalog = loadCatalog();
const detectable = catalog.notices.filter((n) => n.status !== 'informational' && n.detections.length > 0);

describe('plugin shape', () => {
  it('has exactly one rule per detectable notice, named by its id', () => {
    expect(Object.keys(plugin.rules).sort()).toEqual(detectable.map((n) => n.id).sort());
  });

  it('every notice that is not informational has detections (else it must say why it is informational)', () => {
    const missing = catalog.notices.filter((n) => n.status !== 'informational' && n.detections.length === 0).map((n) => n.id);
    expect(missing).toEqual([]);
  });

  it('has no rule for an informational notice', () => {
    for (const n of catalog.notices.filter((x) => x.status === 'informational')) expect(plugin.rules[n.id]).toBeUndefined();
  });

  for (const notice of detectable) {
    it(`${notice.id}: meta follows the catalog`, () => {
      const meta = plugin.rules[notice.id].meta;
      expect(meta.docs?.description).toBe(notice.title);
      expect(meta.docs?.url).toBe(docsUrl(notice.id));
      expect(meta.fixable).toBe(notice.fix === 'autofix' ? 'code' : undefined);
      expect(Boolean(meta.hasSuggestions)).toBe(notice.fix !== 'none');
      expect(meta.type).toBe(notice.breaking ? 'problem' : 'suggestion');
      expect(Object.keys(meta.messages).length).toBeGreaterThan(0);
      for (const [id, text] of Object.entries(messagesOf(notice))) {
        expect(id).toMatch(/^[a-z][a-zA-Z0-9]*$/);
        if (id.startsWith('suggest') || id === 'invalidSuppression') expect(text).not.toContain('{{when}}');
        else expect(text).toContain('({{when}})');
      }
    });
  }
});

describe('messages', () => {
  const linter = new Linter({ configType: 'flat' });
  const verify = (code: string, today: string, settings: Record<string, unknown> = {}) =>
    linter.verify(code, [plugin.configs.configure({ today, before: '2099-12-31' }), { settings: { 'collab-migrate': { today, ...settings } } }], { filename: 'a.js' });
  const hook = "const hook = { resource: 'telephony_calls', filter: 'address=+1555' };\n";

  it('say the effective date, not a countdown, so a finding reads the same every day', () => {
    const early = verify(hook, '2026-01-02').map((m) => m.message);
    const late = verify(hook, '2026-11-22').map((m) => m.message);
    expect(early).toEqual(late);
    expect(early[0]).toMatch(/\(effective 2026-03-24\)$/);
    expect(early[0]).not.toMatch(/days? ago|in \d+ days?/);
  });

  it('name options as ESLint users set them, not as CLI flags', () => {
    const [message] = verify("fetch('https://analytics.webexapis.com/v1/cdr_feed');\n", '2026-11-22').filter((m) => m.ruleId === 'collab-migrate/call-history-regional-hosts');
    expect(message.message).toContain("Set the `region` option (rule options or settings['collab-migrate']) to have it rewritten.");
    expect(message.message).not.toContain('--region');
  });

  it('a detector placeholder is not overwritten by the date (object-shape keeps its condition)', () => {
    for (const notice of detectable) {
      for (const detection of notice.detections) {
        const messages = Object.values(getDetector(detection)?.messages ?? {});
        for (const text of messages) expect(text, notice.id).not.toMatch(/\{\{(when|likely)\}\}/);
      }
    }
  });
});

describe('configs', () => {
  const today = '2026-11-22';
  it('recommended/configure set each rule by the notice date', () => {
    const config = plugin.configs.configure({ today });
    for (const n of detectable) {
      expect(config.rules?.[`collab-migrate/${n.id}`]).toBe(severityOf(n, { today }));
    }
    expect(config.settings?.['collab-migrate']).toMatchObject({ today });
  });

  it('configure({ before }) turns on notices effective by then as warnings at least', () => {
    const config = plugin.configs.configure({ today: '2024-01-01', before: '2099-12-31' });
    for (const n of detectable) expect(config.rules?.[`collab-migrate/${n.id}`]).not.toBe('off');
  });

  it('all reports every detectable notice', () => {
    const rules = plugin.configs.all.rules ?? {};
    for (const n of detectable) expect(['warn', 'error']).toContain(rules[`collab-migrate/${n.id}`]);
  });

  it('configure({ notices }) keeps only the named notices and rejects unknown ids', () => {
    const first = detectable[0];
    if (!first) return;
    const config = plugin.configs.configure({ today, before: '2099-12-31', notices: [first.id] });
    const on = Object.entries(config.rules ?? {}).filter(([, v]) => v !== 'off').map(([k]) => k);
    expect(on).toEqual([`collab-migrate/${first.id}`]);
    expect(() => plugin.configs.configure({ notices: ['no-such-notice'] })).toThrow(/"no-such-notice" is not a notice with a rule/);
  });

  it('with configs.typescript (a project without a TypeScript parser of its own) it lints TS and JS files', () => {
    const linter = new Linter({ configType: 'flat' });
    const config = plugin.configs.configure({ today, before: '2099-12-31' });
    for (const filename of ['a.ts', 'b.tsx', 'c.js', 'd.mjs']) {
      const messages = linter.verify('const x: number = 1;\n'.replace(filename.endsWith('ts') || filename.endsWith('tsx') ? '' : ': number', ''), [plugin.configs.typescript, config], { filename });
      expect(messages.filter((m) => m.fatal)).toEqual([]);
    }
    expect(plugin.configs.typescript.files).toEqual(['**/*.{ts,tsx,mts,cts}']);
  });

  it('recommended and all never set a parser: the project\'s own parser reads its files', () => {
    for (const config of [plugin.configs.recommended, plugin.configs.all, plugin.configs.configure({ today })]) expect(config.languageOptions?.parser).toBeUndefined();
    // A user's parser for .js files (as @babel/eslint-parser would be) is the one used, before or after ours.
    const seen: string[] = [];
    const userParser = {
      meta: { name: 'user-parser' },
      parseForESLint(code: string, options: { filePath?: string }) {
        seen.push(options.filePath ?? '');
        return (tsParser as unknown as { parseForESLint: (c: string, o: unknown) => unknown }).parseForESLint(code, options);
      },
    };
    const user = { files: ['**/*.js'], languageOptions: { parser: userParser } };
    const code = "fetch('https://webexapis.com/v1/telephony/calls', { method: 'POST' });\n";
    for (const order of [[user, plugin.configs.recommended], [plugin.configs.recommended, user]]) {
      seen.length = 0;
      const messages = new Linter({ configType: 'flat' }).verify(code, order as never, { filename: 'a.js' });
      expect(messages.filter((m) => m.fatal)).toEqual([]);
      expect(seen).toEqual(['a.js']);
    }
  });

  it('all differs from recommended: rules recommended leaves off are warnings, and unlisted scopes are reported', () => {
    const on = (c: { rules?: Record<string, unknown> }) => Object.entries(c.rules ?? {}).filter(([, v]) => v !== 'off').map(([k]) => k);
    const early = '2026-03-01';
    const rec = plugin.configs.configure({ today: early });
    const all = plugin.configs.configure({ today: early, all: true });
    expect(on(all).length).toBe(detectable.length);
    expect(on(rec).length).toBeLessThan(on(all).length);
    for (const id of on(all).filter((k) => !on(rec).includes(k))) expect(all.rules?.[id]).toBe('warn');
    expect(all.settings?.['collab-migrate']).toMatchObject({ strictScopes: true });
    expect(rec.settings?.['collab-migrate']).not.toHaveProperty('strictScopes');
    const code = "const url = 'https://webexapis.com/v1/authorize?client_id=x&response_type=code&state=s&scope=spark:made_up_scope';\n";
    const scopes = (config: object) => new Linter({ configType: 'flat' }).verify(code, [config], { filename: 'a.js' }).filter((m) => m.ruleId === 'collab-migrate/oauth-scope-unknown').length;
    expect(scopes(all)).toBeGreaterThan(scopes(rec));
  });

  it('a plugin built from a user catalog has that catalog\'s rules', () => {
    const custom = createPlugin(catalog);
    expect(Object.keys(custom.rules)).toEqual(Object.keys(plugin.rules));
  });
});
