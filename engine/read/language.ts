/**
 * Which files the engine reads, by name. A module of its own with no imports, so the CLI's walker
 * thread can load it without loading the engine.
 */

/**
 * How the engine treats a file: parsed source, markup whose inline script blocks are parsed (`html`: HTML pages,
 * server-side templates of HTML pages (Handlebars, Mustache, EJS), Vue and Svelte single-file components, Astro
 * components' `<script>` blocks; engine/read/script-blocks.ts), configuration text, or not at all.
 */
export type FileLanguage = 'js' | 'ts' | 'html' | 'config' | 'unsupported';

const JS = /\.(js|cjs|mjs|jsx)$/i;
/** Google Apps Script (`.gs`): a candidate only; engine/read/apps-script.ts decides from the project and the text whether it is read. */
export const APPS_SCRIPT_NAME = /\.gs$/i;
const TS = /\.(ts|tsx|mts|cts)$/i;
const MARKUP = /\.(html?|vue|svelte|astro|hbs|handlebars|mustache|ejs)$/i;
const CONFIG = /\.(json|jsonc|json5|yaml|yml|properties|toml)$/i;
/**
 * Environment files under their usual names: `.env`, `.env.production`, `.env.local.example`, `.env-sample`,
 * `prod.env`, `gov.env.example`, `app.env.local`, `env.example`. (`.envrc` is a shell script, not one of them.)
 */
const ENV = /(?:^|[\\/])(?:\.env(?:[.\-_][\w.-]*)?|[\w-][\w.-]*\.env(?:\.[\w.-]+)?|env\.(?:example|sample|template|dist|defaults?))$/i;

/** Whether a file is an environment file (`KEY=value` lines, `#` comments), by its name. */
export function isEnvFile(filename: string): boolean {
  return ENV.test(filename) && !JS.test(filename) && !TS.test(filename) && !MARKUP.test(filename) && !CONFIG.test(filename);
}

/**
 * Decides a file's language from its name. Declaration files (`.d.ts`) are source too. A `.gs` file is `js` by
 * name; the engine reads it only when it is Apps Script (engine/read/apps-script.ts, asked with its text).
 */
export function fileLanguage(filename: string): FileLanguage {
  if (TS.test(filename)) return 'ts';
  if (JS.test(filename) || APPS_SCRIPT_NAME.test(filename)) return 'js';
  if (MARKUP.test(filename)) return 'html';
  if (CONFIG.test(filename) || ENV.test(filename)) return 'config';
  return 'unsupported';
}

/**
 * The characters that start a whole-line comment in a configuration file, by its name: `#` in environment
 * files, YAML and TOML, `#` and `!` in `.properties`; none in JSON (JSONC's `//` lines are left to its parser).
 */
export function lineCommentStarts(filename: string): string {
  if (/\.properties$/i.test(filename)) return '#!';
  if (/\.(yaml|yml|toml)$/i.test(filename) || isEnvFile(filename)) return '#';
  return '';
}
