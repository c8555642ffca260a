/**
 * The ESLint processor `collab-migrate/html`: hands ESLint the inline script blocks of HTML pages and of Vue and
 * Svelte components (engine/read/script-blocks.ts), so the rules report on them what the CLI reports. Each block
 * (a component's blocks together, as one module) is a virtual file `<n>.js` (`.ts`, `.jsx`, `.tsx` by its
 * language) whose text is the whole markup file with everything outside the block blanked: ESLint's lines,
 * columns and fix ranges are then those of the markup file itself, and `postprocess` has nothing to map back.
 *
 * ```js
 * import collab from 'collab-migrate/eslint';
 * export default [collab.configs.html, collab.configs.recommended];
 * ```
 */
import type { Linter } from 'eslint';
import { scriptGroups, type ScriptGroup } from '../engine/read/script-blocks.js';

const EXTENSION = { js: '.js', jsx: '.jsx', ts: '.ts', tsx: '.tsx' } as const;
const BOM = '\uFEFF';

/** The processor's name within the plugin (`processor: 'collab-migrate/html'`). */
export const HTML_PROCESSOR = 'html';

/** The processor for a plugin of this version. */
export function createHtmlProcessor(name: string, version: string, readsMarkup: (text: string, group: ScriptGroup) => boolean = () => true): Linter.Processor {
  return {
    meta: { name: `${name}/${HTML_PROCESSOR}`, version },
    supportsAutofix: true,
    preprocess(text: string, filename: string) {
      // ESLint's fix ranges index the text without its byte order mark.
      const body = text.startsWith(BOM) ? text.slice(1) : text;
      // The group of the markup's attribute values only when the engine would read it (the CLI's decision), so a page
      // whose links hold no notice's token is not parsed.
      return scriptGroups(body, filename)
        .filter((g) => !g.markup || readsMarkup(body, g))
        .map((g, i) => ({ text: g.text, filename: `${i}${EXTENSION[g.lang]}` }));
    },
    postprocess(messages: Linter.LintMessage[][]) {
      return messages.flat();
    },
  };
}
