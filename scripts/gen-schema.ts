/**
 * Generates `notices.schema.json` (JSON Schema 2020-12) from the `Catalog` and `ExtraCatalog` types of
 * `engine/types.ts`, with titles and descriptions from their TSDoc. One source of truth: the types.
 *
 *   npm run schema              regenerate
 *   npm run schema -- --check   exit 1 when the file is stale
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createGenerator, type Config } from 'ts-json-schema-generator';
import { packageRoot } from '../engine/catalog.js';

/** The schema's `$id`; catalogs refer to it by relative path (`"$schema": "./notices.schema.json"`). */
export const SCHEMA_ID = 'urn:collab-migrate:notices.schema.json';

/** Where the generated schema lives. */
export function schemaFilePath(root = packageRoot()): string {
  return join(root, 'notices.schema.json');
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function renameRefs(node: Json): Json {
  if (Array.isArray(node)) return node.map(renameRefs);
  if (node === null || typeof node !== 'object') return node;
  const out: { [key: string]: Json } = {};
  for (const [k, v] of Object.entries(node)) {
    out[k] = k === '$ref' && typeof v === 'string' ? v.replace('#/definitions/', '#/$defs/') : renameRefs(v);
  }
  return out;
}

/** Builds the schema object from the types (takes a couple of seconds: it runs the TS compiler). */
export function generateSchema(root = packageRoot()): Record<string, Json> {
  const config: Config = {
    path: join(root, 'engine/types.ts'),
    tsconfig: join(root, 'tsconfig.json'),
    expose: 'export',
    topRef: true,
    jsDoc: 'extended',
    additionalProperties: false,
    sortProps: false,
    // types.ts also imports ESTree types for the engine's own contracts; they are not part of the catalog.
    skipTypeCheck: true,
  };
  const defs: Record<string, Json> = {};
  for (const type of ['Catalog', 'ExtraCatalog']) {
    const generated = createGenerator({ ...config, type }).createSchema(type) as { definitions?: Record<string, Json> };
    Object.assign(defs, generated.definitions ?? {});
  }
  const sorted = Object.fromEntries(Object.keys(defs).sort().map((k) => [k, renameRefs(defs[k])]));
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: SCHEMA_ID,
    title: 'collab-migrate catalog of change notices',
    description: 'notices.json: every dated change notice of the platform, the hosts and the scopes. Generated from engine/types.ts by scripts/gen-schema.ts; do not edit by hand. A user catalog (--notices) follows #/$defs/ExtraCatalog.',
    $ref: '#/$defs/Catalog',
    $defs: sorted,
  };
}

/** The schema file's exact text. */
export function schemaText(root = packageRoot()): string {
  return `${JSON.stringify(generateSchema(root), null, 2)}\n`;
}

/** Whether the schema on disk equals what the types generate. */
export function isSchemaCurrent(root = packageRoot()): boolean {
  let current: string;
  try {
    current = readFileSync(schemaFilePath(root), 'utf8');
  } catch {
    return false;
  }
  return current === schemaText(root);
}

function main(argv: string[]): number {
  const root = packageRoot();
  const file = schemaFilePath(root);
  if (argv.includes('--check')) {
    if (isSchemaCurrent(root)) return 0;
    process.stderr.write(`${file} is stale: run \`npm run schema\` after changing engine/types.ts\n`);
    return 1;
  }
  writeFileSync(file, schemaText(root));
  process.stdout.write(`wrote ${file}\n`);
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
