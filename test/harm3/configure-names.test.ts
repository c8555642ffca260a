/**
 * Issue 28, item 21: `configure({ notices: ['constructor'] })` (and `__proto__`, `toString`, `hasOwnProperty`)
 * was accepted, as those names are on every object, and turned on no rule. They are refused like any unknown id.
 */
import { describe, expect, it } from 'vitest';
import { OptionsError } from '../../engine/catalog/option-check.js';
import plugin from '../../rules/index.js';

describe('configure() notice names that every object has (issue 28, item 21)', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])('%s is refused', (id) => {
    expect(() => plugin.configs.configure({ notices: [id] })).toThrow(OptionsError);
    expect(() => plugin.configs.configure({ notices: [id] })).toThrow(/is not a notice with a rule/);
  });

  it('a real notice id is accepted and turns its rule on', () => {
    const config = plugin.configs.configure({ notices: ['webhook-header-names-lowercase'], today: '2026-06-01' });
    expect(config.rules?.['collab-migrate/webhook-header-names-lowercase']).not.toBe('off');
  });
});
