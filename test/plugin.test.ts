/** Tests about the ESLint plugin itself: derived from the catalog, meta consistent with fix kinds, configs by date. */
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
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
        if (id.startsWith('suggest')) expect(text).not.toContain('{{when}}');
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

  it('is a complete flat config: one object lints TS and JS files', () => {
    const linter = new Linter({ configType: 'flat' });
    const config = plugin.configs.configure({ today, before: '2099-12-31' });
    for (const filename of ['a.ts', 'b.tsx', 'c.js', 'd.mjs']) {
      const messages = linter.verify('const x: number = 1;\n'.replace(filename.endsWith('ts') || filename.endsWith('tsx') ? '' : ': number', ''), [config], { filename });
      expect(messages.filter((m) => m.fatal)).toEqual([]);
    }
  });

  it('a plugin built from a user catalog has that catalog\'s rules', () => {
    const custom = createPlugin(catalog);
    expect(Object.keys(custom.rules)).toEqual(Object.keys(plugin.rules));
  });
});
