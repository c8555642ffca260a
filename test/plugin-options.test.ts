/**
 * The plugin's options are checked where they enter: `configure()` when the config is built, rule options and
 * `settings['collab-migrate']` when a rule is created (before it reports anything). Each misuse gives one error
 * naming where, the option, the value and what is allowed; a misspelt key gets a did-you-mean.
 */
import { ESLint, Linter } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';
import { checkOptions, OptionsError } from '../engine/catalog/option-check.js';
import { RC_SCHEMA } from '../cli/config/config.js';
import plugin, { defaultToday, TODAY_ENV } from '../rules/index.js';
import { CONFIGURE_OPTION_PROPERTIES, RULE_OPTION_PROPERTIES } from '../rules/options.js';

const RULE = 'telephony-calls-filter-number';
const CODE = "const hook = { resource: 'telephony_calls', filter: 'address=+1555' };\n";

function lint(config: Linter.Config[]): Linter.LintMessage[] {
  return new Linter({ configType: 'flat' }).verify(CODE, config, { filename: 'hook.js' });
}

function errorOf(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

describe('configure()', () => {
  it.each([
    [{ befor: '2026-07-28' }, /configure\(\): unknown option "befor"; did you mean "before"\? Known options: region, strictScopes, today, fixMode, before, warnWithinDays, notices, all, baseline\./],
    [{ before: '2026-13-45' }, /configure\(\): invalid option "before": "2026-13-45" is not allowed; expected a real calendar day as YYYY-MM-DD/],
    [{ before: 'tomorrow' }, /invalid option "before": "tomorrow" is not allowed; expected a real calendar day/],
    [{ today: '2026-02-30' }, /invalid option "today": "2026-02-30" is not allowed; expected a real calendar day/],
    [{ warnWithinDays: -3 }, /invalid option "warnWithinDays": -3 is not allowed; expected a whole number >= 0/],
    [{ warnWithinDays: 1.5 }, /invalid option "warnWithinDays": 1.5 is not allowed; expected a whole number >= 0/],
    [{ region: 'xx' }, /invalid option "region": "xx" is not allowed; expected one of "us", "eu", "in", "au"/],
    [{ strictScopes: 'yes' }, /invalid option "strictScopes": "yes" is not allowed; expected true or false/],
    [{ notices: 'legacy-api-host' }, /invalid option "notices": "legacy-api-host" is not allowed; expected a list of non-empty strings/],
    [{ notices: ['legacy-api-hots'] }, /invalid option "notices": "legacy-api-hots" is not a notice with a rule; did you mean "legacy-api-host"\?/],
    [{ notices: ['tls-certificate-issuer-changed'] }, /"tls-certificate-issuer-changed" is informational \(never reported, so it has no rule\)/],
  ])('%j throws one clear error', (options, message) => {
    const error = errorOf(() => plugin.configs.configure(options as never));
    expect(error).toBeInstanceOf(OptionsError);
    expect(error.message).toMatch(/^collab-migrate: configure\(\): /);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('\n');
  });

  it('names the option and the value on the error object', () => {
    const error = errorOf(() => plugin.configs.configure({ region: 'xx' } as never)) as OptionsError;
    expect([error.option, error.value]).toEqual(['region', 'xx']);
  });

  it('accepts every documented option', () => {
    const config = plugin.configs.configure({ today: '2026-11-22', before: '2026-12-31', warnWithinDays: 0, region: 'eu', strictScopes: true, notices: [RULE], all: false });
    expect(config.settings?.['collab-migrate']).toEqual({ today: '2026-11-22', region: 'eu', strictScopes: true });
  });

  it('the schema lists exactly the options of the interface, each described', () => {
    for (const [key, p] of Object.entries(CONFIGURE_OPTION_PROPERTIES)) expect((p as { description?: string }).description, key).toBeTruthy();
    expect(Object.keys(RULE_OPTION_PROPERTIES).every((k) => k in CONFIGURE_OPTION_PROPERTIES)).toBe(true);
  });
});

describe('settings and rule options, checked before the rule reports', () => {
  const base = plugin.configs.configure({ today: '2026-11-22', notices: [RULE] });

  it('a valid setup reports the finding', () => {
    expect(lint([base]).map((m) => m.ruleId)).toEqual([`collab-migrate/${RULE}`]);
  });

  it.each([
    [{ today: 'tomorrow' }, /settings\['collab-migrate'\]: invalid option "today": "tomorrow" is not allowed; expected a real calendar day/],
    [{ today: '2026-13-45' }, /settings\['collab-migrate'\]: invalid option "today": "2026-13-45"/],
    [{ region: 'xx' }, /settings\['collab-migrate'\]: invalid option "region": "xx" is not allowed; expected one of "us", "eu", "in", "au"/],
    [{ regoin: 'eu' }, /settings\['collab-migrate'\]: unknown option "regoin"; did you mean "region"\?/],
    [{ before: '2026-07-28' }, /settings\['collab-migrate'\]: "before" is not accepted here; it is an option of collab-migrate's configs.configure\(\)/],
  ])('settings %j', (settings, message) => {
    expect(() => lint([base, { settings: { 'collab-migrate': settings } }])).toThrow(message);
  });

  it.each([
    // ESLint's own schema validation (meta.schema: enum, additionalProperties: false, the day's shape).
    [{ region: 'xx' }, /Key "collab-migrate\/telephony-calls-filter-number":\s*Value "xx" should be equal to one of the allowed values/],
    [{ befor: '2026-07-28' }, /Unexpected property "befor"\. Expected properties: "region", "strictScopes", "today", "fixMode"/],
    [{ today: 'tomorrow' }, /Value "tomorrow" should match pattern/],
    [{ strictScopes: 'yes' }, /Value "yes" should be boolean/],
    // A well-shaped day that is not a real one: the rule's own check, before it reports.
    [{ today: '2026-02-29' }, /invalid option "today": "2026-02-29" is not allowed; expected a real calendar day/],
  ])('rule options %j', (options, message) => {
    expect(() => lint([base, { rules: { [`collab-migrate/${RULE}`]: ['error', options] } }])).toThrow(message);
  });

  it('ESLint refuses bad rule options when it loads the configuration, before any file is linted', async () => {
    const eslint = new ESLint({ overrideConfigFile: true, overrideConfig: [base, { rules: { [`collab-migrate/${RULE}`]: ['error', { region: 'xx' }] } }] });
    await expect(eslint.calculateConfigForFile('any.js')).rejects.toThrow(/Value "xx" should be equal to one of the allowed values/);
    const good = new ESLint({ overrideConfigFile: true, overrideConfig: [base, { rules: { [`collab-migrate/${RULE}`]: ['error', { region: 'eu', fixMode: 'final' }] } }] });
    await expect(good.calculateConfigForFile('any.js')).resolves.toBeDefined();
  });

  it('a key set in settings is not hidden by a rule option default (strictScopes: true reaches the rule)', () => {
    const code = "const url = 'https://webexapis.com/v1/authorize?client_id=x&response_type=code&state=s&scope=spark:made_up_scope';\n";
    const lintScopes = (settings: Record<string, unknown>) =>
      new Linter({ configType: 'flat' })
        .verify(code, [plugin.configs.configure({ today: '2026-11-22', notices: ['oauth-scope-unknown'] }), { settings: { 'collab-migrate': { today: '2026-11-22', ...settings } } }, { rules: { 'collab-migrate/oauth-scope-unknown': ['error', {}] } }], { filename: 'a.js' })
        .map((m) => m.ruleId);
    expect(lintScopes({ strictScopes: true }).length).toBeGreaterThan(lintScopes({}).length);
  });

  // The rules of a file without options of their own share what the first of them worked out (rules/index.ts,
  // FileState.plain); a rule with options of its own works from them, before or after those rules (issue 30, item 4).
  it('a rule with options of its own keeps them among rules without, whichever ESLint creates first', () => {
    const code = "const base = 'https://api.ciscospark.com/v1';\nconst url = 'https://webexapis.com/v1/authorize?client_id=x&response_type=code&state=s&scope=spark:made_up_scope';\n";
    const lintRules = (rules: Linter.RulesRecord) =>
      new Linter({ configType: 'flat' })
        .verify(code, [{ ...plugin.configs.configure({ today: '2026-11-22', notices: ['legacy-api-host', 'oauth-scope-unknown'] }), rules }, { settings: { 'collab-migrate': { today: '2026-11-22', strictScopes: false } } }], { filename: 'a.js' })
        .map((m) => m.ruleId);
    const scopes = (ids: Array<string | null>) => ids.filter((id) => id === 'collab-migrate/oauth-scope-unknown').length;
    // The scope rule, created after a rule without options, with strictScopes of its own: the made-up scope is reported.
    const own = lintRules({ 'collab-migrate/legacy-api-host': 'warn', 'collab-migrate/oauth-scope-unknown': ['warn', { strictScopes: true }] });
    const none = lintRules({ 'collab-migrate/legacy-api-host': 'warn', 'collab-migrate/oauth-scope-unknown': 'warn' });
    expect(scopes(own)).toBeGreaterThan(scopes(none));
    expect(own).toContain('collab-migrate/legacy-api-host');
    // The look-alike: the rule with the option created first; the scope rule without options after it reads the settings.
    const after = lintRules({ 'collab-migrate/legacy-api-host': ['warn', { strictScopes: true }], 'collab-migrate/oauth-scope-unknown': 'warn' });
    expect(scopes(after)).toBe(scopes(none));
    expect(after).toContain('collab-migrate/legacy-api-host');
  });

  it('region: "xx" no longer crashes inside a rule (it is refused by name before)', () => {
    const config = { ...base, rules: { 'collab-migrate/call-history-regional-hosts': 'error' as const } };
    const run = () => new Linter({ configType: 'flat' }).verify("fetch('https://analytics.webexapis.com/v1/cdr_feed');\n", [config, { settings: { 'collab-migrate': { region: 'xx' } } }], { filename: 'a.js' });
    expect(run).toThrow(/invalid option "region"/);
    expect(run).not.toThrow(/must be a string/);
  });
});

describe(`$${TODAY_ENV}`, () => {
  const saved = process.env[TODAY_ENV];
  afterEach(() => {
    if (saved === undefined) delete process.env[TODAY_ENV];
    else process.env[TODAY_ENV] = saved;
  });

  it('pins today, and a bad pin is an error naming the variable', () => {
    process.env[TODAY_ENV] = '2026-01-02';
    expect(defaultToday()).toBe('2026-01-02');
    process.env[TODAY_ENV] = 'tomorrow';
    expect(() => defaultToday()).toThrow(/\$COLLAB_MIGRATE_TODAY: "tomorrow" is not allowed; expected a real calendar day/);
  });

  it('is read by a rule only when nothing pins the day: not with settings.today (as configure() does not), still without (issue 30, item 4)', () => {
    const code = "fetch('https://analytics.webexapis.com/v1/cdr_feed');\n";
    const rule = 'collab-migrate/call-history-regional-hosts';
    const pinned = plugin.configs.configure({ today: '2026-11-22', notices: ['call-history-regional-hosts'] });
    process.env[TODAY_ENV] = 'tomorrow';
    // The day in the settings: the variable is never looked at, and the rule reports.
    const messages = new Linter({ configType: 'flat' }).verify(code, [pinned], { filename: 'a.js' });
    expect(messages.map((m) => m.ruleId)).toContain(rule);
    // No day anywhere but the variable: the rule reads it, and a bad one is still an error naming it.
    const unpinned = { plugins: { 'collab-migrate': plugin as never }, rules: { [rule]: 'error' as const } };
    expect(() => new Linter({ configType: 'flat' }).verify(code, [unpinned], { filename: 'a.js' })).toThrow(/\$COLLAB_MIGRATE_TODAY: "tomorrow" is not allowed/);
    process.env[TODAY_ENV] = '2026-11-22';
    expect(new Linter({ configType: 'flat' }).verify(code, [unpinned], { filename: 'a.js' }).map((m) => m.ruleId)).toContain(rule);
  });
});

describe('the same checker on the CLI configuration file', () => {
  it.each([
    [{ outputs: { sarfi: 'x.sarif' } }, /rc: unknown key "sarfi" in option "outputs"; did you mean "sarif"\? Known keys: /],
    [{ outputs: 'x' }, /rc: invalid option "outputs": "x" is not allowed; expected an object\./],
    [{ only: ['a', ''] }, /rc: invalid option "only": \["a",""\] \(item ""\) is not allowed; expected a list of non-empty strings\./],
    [{ warnWithin: 'soon' }, /rc: invalid option "warnWithin": "soon" is not allowed; expected a whole number >= 0\./],
  ])('%j', (value, message) => {
    expect(() => checkOptions(value, RC_SCHEMA, 'rc')).toThrow(message);
  });
});
