import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { builtinCatalogPath, catalogSchemaPath, compileValidators, knownDetectionKinds, validatorOrigin } from '../engine/catalog/catalog.js';
import * as precompiled from '../engine/catalog/validators.generated.js';
import type { Catalog } from '../engine/types.js';
import { isSchemaCurrent, SCHEMA_ID, schemaText, staleGeneratedFiles, validatorsText } from '../scripts/gen-schema.js';

describe('notices.schema.json', () => {
  const onDisk = readFileSync(catalogSchemaPath(), 'utf8');

  it('is what engine/types.ts generates (run `npm run schema` after changing the types)', () => {
    expect(onDisk).toBe(schemaText());
    expect(staleGeneratedFiles()).toEqual([]);
    expect(isSchemaCurrent()).toBe(true);
  });

  it('a stale schema is detected (the check can fail)', () => {
    expect(validatorsText(onDisk)).not.toBe(validatorsText(onDisk.replace('"custom"', '"customs"')));
  });

  it('is JSON Schema 2020-12 with an $id, a Catalog root, an ExtraCatalog and TSDoc descriptions', () => {
    // The generated schema (schemaText is its JSON, generated once for the file's tests).
    const schema = JSON.parse(schemaText()) as { $schema: string; $id: string; $ref: string; $defs: Record<string, { description?: string; properties?: Record<string, { description?: string }> }> };
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe(SCHEMA_ID);
    expect(schema.$ref).toBe('#/$defs/Catalog');
    expect(Object.keys(schema.$defs)).toEqual(expect.arrayContaining(['Catalog', 'ExtraCatalog', 'Notice', 'Detection', 'Hosts', 'Scopes']));
    expect(schema.$defs.Notice.properties?.effective?.description).toMatch(/breaks or behaviour changes/);
    expect(JSON.stringify(schema)).not.toContain('#/definitions/');
  });

  it('lists every detection kind of the Detection union', () => {
    expect(knownDetectionKinds().length).toBeGreaterThan(0);
    expect(knownDetectionKinds()).toContain('custom');
  });
});

describe('precompiled validators (engine/catalog/validators.generated.ts)', () => {
  const schemaFileText = readFileSync(catalogSchemaPath(), 'utf8');
  const compiled = compileValidators(schemaFileText);
  const catalog = JSON.parse(readFileSync(builtinCatalogPath(), 'utf8')) as Catalog;

  it('are used for the built-in schema', () => {
    expect(validatorOrigin()).toBe('precompiled');
    expect(precompiled.detectionKinds).toEqual(compiled.detectionKinds);
  });

  it('agree with ajv compiling the schema at load time, valid and invalid documents alike', () => {
    const bad: [string, (c: Catalog) => void][] = [
      ['unknown kind', (c) => (c.notices[4].detections = [{ kind: 'nope' } as never])],
      ['missing title', (c) => delete (c.notices[9] as Partial<Catalog['notices'][number]>).title],
      ['bad pattern', (c) => (c.notices[1].effective = '2026-7-1')],
      ['unknown field', (c) => ((c.hosts as unknown as Record<string, unknown>).extra = 1)],
      ['bad region', (c) => ((c.hosts.callHistory.regional as unknown as Record<string, unknown>).xx = 'a.b')],
    ];
    expect(precompiled.validateCatalog(catalog)).toBe(true);
    expect(compiled.catalog(catalog)).toBe(true);
    for (const [name, mutate] of bad) {
      const doc = structuredClone(catalog);
      mutate(doc);
      expect(precompiled.validateCatalog(doc), name).toBe(false);
      expect(compiled.catalog(doc), name).toBe(false);
      const strip = (errors: unknown) => (errors as { instancePath: string; keyword: string }[]).map(({ instancePath, keyword }) => ({ instancePath, keyword }));
      expect(strip((precompiled.validateCatalog as unknown as { errors: unknown }).errors), name).toEqual(strip(compiled.catalog.errors));
    }
    expect(precompiled.validateExtraCatalog({ notices: [] })).toBe(true);
    expect(precompiled.validateExtraCatalog({})).toBe(false);
  });
});
