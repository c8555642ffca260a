/**
 * The ts-morph codemod loads ts-morph (and TypeScript under it, 9 MB to compile) only when a file names a
 * renamed property: `--fix` on code with nothing of the kind does not pay for it. Its own test file, so that
 * no other test has loaded either into this process first.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { migrateProject, projectLoadCount } from '../engine/project/ts-morph.js';

const catalog = loadCatalog();
const loaded = (pkg: string): boolean => Object.keys(createRequire(import.meta.url).cache).some((k) => k.includes(`/node_modules/${pkg}/`));

describe('the ts-morph codemod without a declared rename', () => {
  it('fixes the file without requiring ts-morph or TypeScript', async () => {
    expect(loaded('ts-morph')).toBe(false);
    // No renamed property's name in the text: no declaration to look for (one that is named is parsed with
    // TypeScript to see whether it is declared).
    const text = "export const base = 'https://api.ciscospark.com/v1/people';\n";
    const [result] = await migrateProject({ catalog, notices: catalog.notices, root: '/virtual', files: ['/virtual/a.js'], sources: [{ filename: '/virtual/a.js', text }] });
    expect(result.after).toContain("'https://webexapis.com/v1/people'");
    expect(projectLoadCount()).toBe(0);
    expect(loaded('ts-morph')).toBe(false);
    expect(loaded('typescript')).toBe(false);
  });

  it('requires them once a file declares a renamed property', async () => {
    const text = 'export interface Settings { answerConfirmationEnabled: boolean }\n';
    await migrateProject({ catalog, notices: catalog.notices, root: '/virtual', files: ['/virtual/b.ts'], sources: [{ filename: '/virtual/b.ts', text }] });
    expect(loaded('ts-morph')).toBe(true);
  });
});
