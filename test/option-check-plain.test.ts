/**
 * `checkOptions` takes well-formed options without ajv (engine/catalog/option-check.ts, `plainlyValid`; issue 30,
 * item 4): what it accepts so, ajv accepts too, on every options schema (the plugin's configure(), settings and rule
 * options, the CLI's configuration file), for generated values near and far from valid; and the options the docs
 * show are taken on that path. Errors are ajv's, worded as before (test/plugin-options.test.ts, test/cli-config*.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RC_SCHEMA } from '../cli/config/config.js';
import { ajvAccepts, checkOptions, OptionsError, plainlyValid, type OptionsSchema } from '../engine/catalog/option-check.js';
import { CONFIGURE_OPTIONS_SCHEMA, RULE_OPTIONS_SCHEMA, SETTINGS_SCHEMA } from '../rules/options.js';

const SCHEMAS: Array<[string, OptionsSchema]> = [
  ['configure()', CONFIGURE_OPTIONS_SCHEMA],
  ['settings', SETTINGS_SCHEMA],
  ['rule options', RULE_OPTIONS_SCHEMA],
  ['CLI configuration file', RC_SCHEMA],
];

/** Values a property of the schema may be given: valid ones (its enum, real and unreal days, lists) and wrong ones. */
function valueFor(property: Record<string, unknown>): fc.Arbitrary<unknown> {
  const near: Array<fc.Arbitrary<unknown>> = [
    fc.constantFrom('2026-07-28', '2026-02-29', '2028-02-29', '2026-13-45', '2026-7-28', '', ' ', 'us', 'final', 'date', 'é', '\u{1F600}'),
    fc.integer({ min: -3, max: 400 }),
    fc.constantFrom(0.5, -0, Number.NaN, Number.POSITIVE_INFINITY, null, true, false, undefined),
    fc.array(fc.constantFrom('a', '', 'legacy-api-host', 3 as unknown as string), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('sarif', 'json', 'xml', 'text'), fc.constantFrom('out.sarif', '', 4 as unknown as string), { maxKeys: 3 }),
    fc.anything(),
  ];
  if (Array.isArray(property.enum)) near.push(fc.constantFrom(...(property.enum as unknown[])));
  return fc.oneof(...near);
}

function optionsFor(schema: OptionsSchema): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema.properties);
  const shaped = fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.constantFrom('todya', 'constructor', '__proto__', 'toString')), fc.constant(null), { maxKeys: 4 }).chain((picked) =>
    fc.tuple(...Object.keys(picked).map((k) => (Object.hasOwn(schema.properties, k) ? valueFor(schema.properties[k]!) : fc.anything()).map((v) => [k, v] as const))).map((entries) => {
      const out: Record<string, unknown> = {};
      for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, configurable: true, writable: true });
      return out;
    }),
  );
  return fc.oneof({ arbitrary: shaped, weight: 8 }, { arbitrary: fc.anything(), weight: 1 }, { arbitrary: fc.constantFrom(null, [], 'all', 3, Object.create(null) as unknown), weight: 1 });
}

describe('options checked without ajv', () => {
  for (const [name, schema] of SCHEMAS) {
    it(`${name}: a value taken without ajv is one ajv accepts`, () => {
      let plain = 0;
      fc.assert(
        fc.property(optionsFor(schema), (value) => {
          if (!plainlyValid(value, schema)) return;
          plain++;
          expect(ajvAccepts(value, schema)).toBe(true);
        }),
        { numRuns: 1000 },
      );
      // The generator reaches the path it tests.
      expect(plain).toBeGreaterThan(30);
    });
  }

  it('the options the docs show are taken without ajv; bad ones still get ajv\'s error', () => {
    for (const good of [{}, { all: true, today: '2026-11-22' }, { before: '2026-12-31', warnWithinDays: 30, notices: ['legacy-api-host'] }, { region: 'eu', fixMode: 'final', strictScopes: true, baseline: 'baseline.json' }]) {
      expect(plainlyValid(good, CONFIGURE_OPTIONS_SCHEMA), JSON.stringify(good)).toBe(true);
    }
    expect(plainlyValid({ format: 'sarif', outputs: { json: 'r.json' }, maxFileSize: '2mb', fixMode: 'date', maxWarnings: -1 }, RC_SCHEMA)).toBe(true);
    for (const bad of [{ today: '2026-13-45' }, { region: 'mars' }, { warnWithinDays: -1 }, { notices: [''] }, { todya: '2026-01-01' }, null, []]) {
      expect(plainlyValid(bad, CONFIGURE_OPTIONS_SCHEMA), JSON.stringify(bad)).toBe(false);
      expect(ajvAccepts(bad, CONFIGURE_OPTIONS_SCHEMA), JSON.stringify(bad)).toBe(false);
      expect(() => checkOptions(bad, CONFIGURE_OPTIONS_SCHEMA, 'configure()')).toThrow(OptionsError);
    }
    expect(() => checkOptions({ today: '2026-13-45' }, CONFIGURE_OPTIONS_SCHEMA, 'configure()')).toThrow('configure(): invalid option "today": "2026-13-45" is not allowed; expected a real calendar day as YYYY-MM-DD (e.g. 2026-07-28).');
  });

  it('a schema keyword it does not read sends the value to ajv', () => {
    const schema: OptionsSchema = { type: 'object', properties: { name: { type: 'string', pattern: '^a' } }, additionalProperties: false };
    expect(plainlyValid({ name: 'abc' }, schema)).toBe(false);
    expect(checkOptions({ name: 'abc' }, schema, 'x')).toEqual({ name: 'abc' });
    expect(() => checkOptions({ name: 'b' }, schema, 'x')).toThrow(OptionsError);
  });
});
