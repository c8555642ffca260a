/**
 * The ESLint plugin's declaration file for TypeScript 5.0-5.5, the low end of the peer range (`>=5.0.0`).
 *
 * `dist/rules/index.d.ts` ends with `export { plugin as 'module.exports' };`, which gives a CommonJS file on
 * TypeScript 5.8+ (`import collab = require('collab-migrate/eslint')`, module nodenext) the plugin itself, as
 * Node's require() of the ES module does. TypeScript before 5.6 cannot parse a string as an export name: any
 * file that imported `collab-migrate/eslint` failed with TS1003 "Identifier expected" in our declaration file,
 * `skipLibCheck` or not (seen with 5.0.4 and 5.5.4; 5.6.3 parses it). Those versions cannot require() an ES module
 * either, so the line gives them nothing: package.json sends them (`types@<5.6` in `exports`, `<5.6` in
 * `typesVersions`) to a copy of the file without it, written here after `tsc` by `npm run build`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The one line TypeScript before 5.6 cannot parse. */
export const MODULE_EXPORTS_LINE = "export { plugin as 'module.exports' };";

/** The declaration file's text without {@link MODULE_EXPORTS_LINE}; throws unless the text holds it exactly once. */
export function declarationsForTs5(text: string): string {
  const lines = text.split('\n');
  const at = lines.flatMap((line, i) => (line.trim() === MODULE_EXPORTS_LINE ? [i] : []));
  if (at.length !== 1) throw new Error(`declarations-ts5: expected the line \`${MODULE_EXPORTS_LINE}\` once in the plugin's declaration file, found it ${at.length} times`);
  lines.splice(at[0], 1);
  return lines.join('\n');
}

/** Where the build reads and writes, relative to `dist/`. */
export const PLUGIN_DECLARATIONS = 'rules/index.d.ts';
export const PLUGIN_DECLARATIONS_TS5 = 'rules/index-ts5.0.d.ts';

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = fileURLToPath(new URL('../', import.meta.url));
  const text = declarationsForTs5(readFileSync(path.join(dist, PLUGIN_DECLARATIONS), 'utf8'));
  const target = path.join(dist, PLUGIN_DECLARATIONS_TS5);
  let old: string | undefined;
  try {
    old = readFileSync(target, 'utf8');
  } catch {
    old = undefined;
  }
  if (old !== text) writeFileSync(target, text);
}
