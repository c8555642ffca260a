/**
 * The ESLint plugin's options and their JSON Schemas: what each rule accepts (also settable once for all
 * rules as `settings['collab-migrate']`) and what `configs.configure()` accepts. Every value is checked
 * where it enters (`configure()` when the config is built, rule options and settings when a rule is
 * created, before it reports anything) with {@link checkOptions}, which names the option, the value and
 * what is allowed. The generated rule docs read their Options sections from these schemas.
 *
 * To add an option: add it to the interface and to the schema's `properties` (the `satisfies` clauses
 * keep the two in step), with a `description` and, when it has one, a `default`.
 */
import { CALENDAR_DAY_FORMAT, checkOptions, type OptionsSchema } from '../engine/catalog/option-check.js';
import { DEFAULT_WARN_WITHIN_DAYS } from '../engine/catalog/dates.js';
import type { FixMode, IsoDate, Region } from '../engine/types.js';
import type { JSONSchema } from '@typescript-eslint/utils';

export const PLUGIN_NAME = 'collab-migrate';

/** Where the options shared by all rules may also be set. */
export const SETTINGS_WHERE = `settings['${PLUGIN_NAME}']`;

/** Options every rule accepts (also settable once for all rules as `settings['collab-migrate']`). */
export interface RuleOptions {
  /** Call history region for host rewrites. */
  region?: Region;
  /** Report well-formed but unlisted OAuth scopes too. */
  strictScopes?: boolean;
  /** The day severities and date-dependent fixes are computed for (pin it for reproducible CI). */
  today?: IsoDate;
  /**
   * `date` (default): before a notice's effective date `--fix` writes only safe edits and transitional forms,
   * and final forms are suggestions; `final`: write final forms early (for code deployed after the date).
   */
  fixMode?: FixMode;
}

/** Options of `configs.configure()`. */
export interface ConfigureOptions extends RuleOptions {
  /** Also report notices effective up to this day (as warnings until they are in force). */
  before?: IsoDate;
  /** Warn this many days ahead of an effective date (default 90). */
  warnWithinDays?: number;
  /** Only these notice ids. */
  notices?: string[];
  /**
   * The `all` config: every detectable notice on (those `recommended` leaves off, because they are later than
   * the warning window or have no date yet, as warnings), and `strictScopes` on unless set.
   */
  all?: boolean;
  /**
   * The CLI's baseline file (`collab-migrate --baseline-write FILE`), relative to ESLint's cwd. Every rule the
   * config turns on is then an error, and a finding the baseline records is not reported, unless its notice took
   * effect after the day the baseline was recorded and on or before today: new code fails at once, recorded
   * code on the day its notice takes effect.
   */
  baseline?: string;
}

/** `settings['collab-migrate']`: the rule options for every rule, and what only the whole config can set. */
export interface PluginSettings extends RuleOptions {
  /** A baseline written by `collab-migrate --baseline-write FILE` (relative to ESLint's cwd); see {@link ConfigureOptions.baseline}. */
  baseline?: string;
}

export const REGIONS: readonly Region[] = ['us', 'eu', 'in', 'au'];

const date = (description: string) => ({ type: 'string', format: CALENDAR_DAY_FORMAT, description }) as const;

/** The JSON Schema of one option of {@link RuleOptions}. */
export const RULE_OPTION_PROPERTIES = {
  region: {
    type: 'string',
    enum: [...REGIONS],
    description: "Your organization's call history region: the legacy call history host is rewritten to that region's host (without it, one suggestion per region).",
  },
  strictScopes: { type: 'boolean', default: false, description: 'Also report well-formed OAuth scopes that the catalog does not list.' },
  today: date('The day to compute severities and date-dependent fixes for, YYYY-MM-DD (default: the real date, or $COLLAB_MIGRATE_TODAY). Pin it for reproducible CI.'),
  fixMode: {
    type: 'string',
    enum: ['date', 'final'],
    default: 'date',
    description: "Which form fixes write: 'date' lets the day choose (before a notice's effective date a transitional form that works on both sides of it, the final form as a suggestion); 'final' writes final forms early.",
  },
} satisfies Record<keyof RuleOptions, Record<string, unknown>>;

/** Schema of a rule's options object and of `settings['collab-migrate']`. */
export const RULE_OPTIONS_SCHEMA: OptionsSchema = { type: 'object', properties: RULE_OPTION_PROPERTIES, additionalProperties: false };

const BASELINE = {
  type: 'string',
  minLength: 1,
  description: "The CLI's baseline file (`collab-migrate --baseline-write FILE`), relative to ESLint's cwd: recorded findings are not reported, unless their notice took effect after the day the baseline was recorded (then they are errors).",
} as const;

/** Schema of `settings['collab-migrate']`: the rule options and the baseline. */
export const SETTINGS_SCHEMA: OptionsSchema = { type: 'object', properties: { ...RULE_OPTION_PROPERTIES, baseline: BASELINE }, additionalProperties: false };

/** The JSON Schema of each option of {@link ConfigureOptions}. */
export const CONFIGURE_OPTION_PROPERTIES = {
  ...RULE_OPTION_PROPERTIES,
  before: date('Also report notices effective on or before this day, YYYY-MM-DD (as warnings until they are in force).'),
  warnWithinDays: { type: 'integer', minimum: 0, default: DEFAULT_WARN_WITHIN_DAYS, description: 'Warn this many days ahead of an effective date.' },
  notices: { type: 'array', items: { type: 'string', minLength: 1 }, description: 'Only these notice ids (the others are off).' },
  all: { type: 'boolean', default: false, description: 'Every detectable notice on (later and pending ones as warnings), and strictScopes on unless set (the `all` config).' },
  baseline: BASELINE,
} satisfies Record<keyof ConfigureOptions, Record<string, unknown>>;

/** Schema of `configs.configure()`'s argument. */
export const CONFIGURE_OPTIONS_SCHEMA: OptionsSchema = { type: 'object', properties: CONFIGURE_OPTION_PROPERTIES, additionalProperties: false };

/** Checks `configure()`'s argument; throws an OptionsError naming the bad option. */
export function checkConfigureOptions(options: unknown): ConfigureOptions {
  return checkOptions<ConfigureOptions>(options, CONFIGURE_OPTIONS_SCHEMA, `${PLUGIN_NAME}: configure()`);
}

/** Options of configure() that are not rule options: named when a rule or the settings are given one. */
const CONFIGURE_ONLY = Object.fromEntries(
  Object.keys(CONFIGURE_OPTION_PROPERTIES)
    .filter((k) => !(k in SETTINGS_SCHEMA.properties))
    .map((k) => [k, `${PLUGIN_NAME}'s configs.configure()`]),
);

const checkedSettings = new WeakMap<object, PluginSettings>();

/** Checks `settings['collab-migrate']` (once per settings object); throws an OptionsError naming the bad option. */
export function checkSettings(settings: unknown): PluginSettings {
  if (settings === undefined) return {};
  if (settings !== null && typeof settings === 'object') {
    const known = checkedSettings.get(settings);
    if (known) return known;
  }
  const checked = checkOptions<PluginSettings>(settings, SETTINGS_SCHEMA, `${PLUGIN_NAME}: ${SETTINGS_WHERE}`, CONFIGURE_ONLY);
  checkedSettings.set(settings as object, checked);
  return checked;
}

const checkedRuleOptions = new WeakMap<object, RuleOptions>();

/** Checks one rule's options object (once per object); throws an OptionsError naming the rule and the bad option. */
export function checkRuleOptions(ruleId: string, options: unknown): RuleOptions {
  if (options === undefined) return {};
  if (options !== null && typeof options === 'object') {
    const known = checkedRuleOptions.get(options);
    if (known) return known;
  }
  const checked = checkOptions<RuleOptions>(options, RULE_OPTIONS_SCHEMA, `${PLUGIN_NAME}: options of rule "${PLUGIN_NAME}/${ruleId}"`, CONFIGURE_ONLY);
  checkedRuleOptions.set(options as object, checked);
  return checked;
}

/**
 * The schema given to ESLint as `meta.schema`, which ESLint validates when it loads the configuration (before
 * any file is linted): the same options, closed (`additionalProperties: false`), with the allowed values
 * (`enum`) and the day's shape. Whether a day is a real one (`2026-13-45` is not) is checked when the rule is
 * created, by {@link checkRuleOptions}, which also names the key the user probably meant.
 */
export function eslintSchema(): JSONSchema.JSONSchema4[] {
  const properties = Object.fromEntries(
    // No `default`: ESLint's validator fills defaults into the options, which would hide the same key in settings.
    Object.entries(RULE_OPTION_PROPERTIES).map(([key, p]) => [
      key,
      {
        type: p.type,
        description: p.description,
        ...('enum' in p ? { enum: [...p.enum] } : {}),
        ...('format' in p && p.format === CALENDAR_DAY_FORMAT ? { pattern: '^\\d{4}-\\d{2}-\\d{2}$' } : {}),
      },
    ]),
  );
  return [{ type: 'object', properties: properties as Record<string, JSONSchema.JSONSchema4>, additionalProperties: false }];
}
