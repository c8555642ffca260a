/**
 * Small projects on disk for the tests of the project model (engine/project/), which follows only files that are
 * there: a temporary folder, a `.git` folder in it marking the project's root (unless `git: false`), and the given
 * files by path relative to the root. Every project a test file made is removed after its tests.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../../engine/analyze.js';
import { loadCatalog } from '../../engine/catalog/catalog.js';
import type { Match } from '../../engine/types.js';

export interface TempProjectOptions {
  /** A `.git` folder at the root (the marker `projectRootOf` looks for first); default true. */
  git?: boolean;
}

/** Writes each file (by path relative to `root`, folders made as needed); returns `root`. */
export function writeProjectFiles(root: string, files: Record<string, string>): string {
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return root;
}

/**
 * `project(files)` writes a fresh temporary project and returns its root. Call at the top level of a test file
 * (or a describe): the projects are removed in its `afterAll`.
 */
export function tempProjects(prefix: string): (files?: Record<string, string>, options?: TempProjectOptions) => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return (files = {}, options = {}) => {
    const root = mkdtempSync(path.join(os.tmpdir(), prefix));
    made.push(root);
    if (options.git !== false) mkdirSync(path.join(root, '.git'));
    return writeProjectFiles(root, files);
  };
}

/**
 * `scan(files, name, ...noticeIds)` writes a fresh temporary project ({@link tempProjects}) and analyses its file
 * `name` with only those notices, on a fixed day: `notice line confidence` per finding, sorted. Call at the top level
 * of a test file, as {@link tempProjects}.
 */
export function projectScanner(prefix: string, today = '2026-11-26'): (files: Record<string, string>, name: string, ...ids: string[]) => string[] {
  const project = tempProjects(prefix);
  const catalog = loadCatalog();
  return (files, name, ...ids) => {
    const root = project(files);
    const options: AnalyzeOptions = { catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today } };
    return analyzeFile({ filename: path.join(root, name), text: files[name] }, options)
      .matches.map((m: Match) => `${m.noticeId} ${m.loc.start.line} ${m.confidence}`)
      .sort();
  };
}

/**
 * For the hold-out shape tests: `scanFiles(files, options)` writes a fresh temporary project and analyses every one
 * of its files with the project model (findings as `file:line notice confidence`); `fixes(files, options)` says
 * whether any finding of such a scan carries an autofix. Call at the top level of a test file, as {@link tempProjects}.
 */
export function projectFileScans(prefix: string): {
  scanFiles: (files: Record<string, string>, opts: AnalyzeOptions) => string[];
  fixes: (files: Record<string, string>, opts: AnalyzeOptions) => boolean;
} {
  const project = tempProjects(prefix);
  const analyzeAll = (files: Record<string, string>, opts: AnalyzeOptions): Array<{ rel: string; matches: Match[] }> => {
    const root = project(files);
    return Object.keys(files).map((rel) => ({ rel, matches: analyzeFile({ filename: path.join(root, rel), text: files[rel] }, opts).matches }));
  };
  return {
    scanFiles: (files, opts) => analyzeAll(files, opts).flatMap(({ rel, matches }) => matches.map((m) => `${rel}:${m.loc.start.line} ${m.noticeId} ${m.confidence ?? 'certain'}`)),
    fixes: (files, opts) => analyzeAll(files, opts).some(({ matches }) => matches.some((m) => !!m.fix)),
  };
}

/**
 * For the hold-out shape tests: `project(files)` ({@link tempProjects}), `matches(root, files, rel, ...noticeIds)` (the
 * file's matches with only those notices, on a fixed day), `summary(match)` (`notice line confidence`) and
 * `scan(files, rel, ...noticeIds)` (a fresh project's summaries, in the engine's order). Call at the top level of a
 * test file, as {@link tempProjects}.
 */
export function shapeScans(prefix: string, today: string): {
  project: (files?: Record<string, string>, options?: TempProjectOptions) => string;
  matches: (root: string, files: Record<string, string>, rel: string, ...ids: string[]) => Match[];
  summary: (m: Match) => string;
  scan: (files: Record<string, string>, rel: string, ...ids: string[]) => string[];
} {
  const project = tempProjects(prefix);
  const catalog = loadCatalog();
  const only = (ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today } });
  const summary = (m: Match): string => `${m.noticeId} ${m.loc.start.line} ${m.confidence}`;
  const matches = (root: string, files: Record<string, string>, rel: string, ...ids: string[]): Match[] =>
    analyzeFile({ filename: path.join(root, rel), text: files[rel] }, only(ids)).matches;
  return { project, matches, summary, scan: (files, rel, ...ids) => matches(project(files), files, rel, ...ids).map(summary) };
}
