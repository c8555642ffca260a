/**
 * The CLI's engine path (`analyzeFile`: prefilter, typescript-estree parse, detections) and ESLint running
 * the plugin (its own parser, one rule per notice) must find the same things in the same places: for every
 * JavaScript/TypeScript fixture, the same set of (notice id, line, column, confidence).
 */
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeFile, fileLanguage } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import type { EngineOptions } from '../engine/types.js';
import { createPlugin, PLUGIN_NAME } from '../rules/index.js';
import { display, fixPairs, invalidFiles, validFiles } from './helpers/fixtures.js';

const catalog = loadCatalog();
const plugin = createPlugin(catalog);
const notices = catalog.notices.filter((n) => n.status !== 'informational' && n.detections.length > 0);
const linter = new Linter({ configType: 'flat' });

function eslintFindings(filename: string, text: string, engine: EngineOptions): string[] {
  const config = {
    files: ['**/*.{js,cjs,mjs,jsx,ts,tsx,mts,cts}'],
    plugins: { [PLUGIN_NAME]: plugin },
    languageOptions: { parser: tsParser },
    settings: { [PLUGIN_NAME]: { today: '2026-11-22', ...engine } },
    rules: Object.fromEntries(notices.map((n) => [`${PLUGIN_NAME}/${n.id}`, 'error'])),
  } as unknown as Linter.Config;
  const messages = linter.verify(text, [config], { filename });
  const fatal = messages.filter((m) => m.fatal);
  if (fatal.length) return [`parse error ${fatal[0].line}:${fatal[0].column}`];
  // A likely finding says so in its ESLint message (`[likely: reason]`): the confidence is compared too.
  return messages.map((m) => (m.ruleId ? `${m.ruleId.slice(PLUGIN_NAME.length + 1)} ${m.line}:${m.column}${/\[likely: /.test(m.message) ? ' likely' : ''}` : `eslint: ${m.message}`)).sort();
}

function cliFindings(filename: string, text: string, engine: EngineOptions): string[] {
  const result = analyzeFile({ filename, text }, { catalog, notices, engine });
  if (result.parseError) return [`parse error ${result.parseError.line}:${result.parseError.column + 1}`];
  return result.matches.map((m) => `${m.noticeId} ${m.loc.start.line}:${m.loc.start.column + 1}${m.confidence === 'likely' ? ' likely' : ''}`).sort();
}

const files = [
  ...invalidFiles().map((f) => ({ file: f.file, engine: {} as EngineOptions })),
  ...validFiles().map((f) => ({ file: f.file, engine: {} as EngineOptions })),
  ...fixPairs().map((p) => ({ file: p.input, engine: p.options })),
].filter((f) => {
  const language = fileLanguage(f.file);
  return language === 'js' || language === 'ts';
});

describe('CLI and ESLint find the same things', () => {
  it('there are fixtures, and some of them have findings', () => {
    expect(files.length).toBeGreaterThan(0);
    const found = files.filter((f) => cliFindings(f.file, readFileSync(f.file, 'utf8'), f.engine).length > 0);
    expect(found.length).toBeGreaterThan(files.length / 4);
  });

  if (files.length > 0) {
    it.each(files.map((f) => [display(f.file), f] as const))('%s', (_, f) => {
      const text = readFileSync(f.file, 'utf8');
      expect(eslintFindings(f.file, text, f.engine)).toEqual(cliFindings(f.file, text, f.engine));
    });
  }
});
