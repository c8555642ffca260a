import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogSchemaPath, knownDetectionKinds } from '../engine/catalog.js';
import { generateSchema, isSchemaCurrent, SCHEMA_ID, schemaText } from '../scripts/gen-schema.js';

describe('notices.schema.json', () => {
  const onDisk = readFileSync(catalogSchemaPath(), 'utf8');

  it('is what engine/types.ts generates (run `npm run schema` after changing the types)', () => {
    expect(onDisk).toBe(schemaText());
    expect(isSchemaCurrent()).toBe(true);
  });

  it('is JSON Schema 2020-12 with an $id, a Catalog root, an ExtraCatalog and TSDoc descriptions', () => {
    const schema = generateSchema() as { $schema: string; $id: string; $ref: string; $defs: Record<string, { description?: string; properties?: Record<string, { description?: string }> }> };
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
