/**
 * Which files the engine reads, by name. A module of its own with no imports, so the CLI's walker
 * thread can load it without loading the engine.
 */

/** How the engine treats a file: parsed source, configuration text, or not at all. */
export type FileLanguage = 'js' | 'ts' | 'config' | 'unsupported';

const JS = /\.(js|cjs|mjs|jsx)$/i;
const TS = /\.(ts|tsx|mts|cts)$/i;
const CONFIG = /(\.(json|jsonc|json5|yaml|yml|env|properties|toml)$)|((^|[\\/])\.env(\.[\w.-]+)?$)/i;

/** Decides a file's language from its name. Declaration files (`.d.ts`) are source too. */
export function fileLanguage(filename: string): FileLanguage {
  if (TS.test(filename)) return 'ts';
  if (JS.test(filename)) return 'js';
  if (CONFIG.test(filename)) return 'config';
  return 'unsupported';
}
