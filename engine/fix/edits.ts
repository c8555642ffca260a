/**
 * Applying the engine's text edits: sorted, overlap-checked, re-parsed. Every front end fixes through here,
 * so a fix that would produce code that does not parse is refused in one place.
 */
import { createRequire } from 'node:module';
import { analyzeFile, fileLanguage, type AnalyzeOptions, type FileAnalysisResult, type SourceFile } from '../analyze.js';
import { parseSource } from '../parse/parse.js';
import { scriptGroups } from '../read/script-blocks.js';
import type { Match, TextEdit } from '../types.js';

/** The outcome of applying groups of edits. */
export interface AppliedEdits {
  output: string;
  /** Indexes of the groups applied. */
  applied: number[];
  /** Indexes of the groups skipped because they overlapped an earlier one. */
  conflicts: number[];
}

function overlaps(a: TextEdit, b: TextEdit): boolean {
  const [s1, e1] = a.range;
  const [s2, e2] = b.range;
  if (s1 === s2) return true; // two edits at one point have no defined order
  return s1 < e2 && s2 < e1;
}

/**
 * Applies groups of edits; each group is all-or-nothing. Groups are taken in order of their first edit
 * (ties: the earlier group), and a group overlapping an accepted one is skipped, so the result is
 * deterministic whatever order detectors reported in.
 */
export function applyEdits(text: string, groups: readonly (readonly TextEdit[])[]): AppliedEdits {
  const order = groups
    .map((g, i) => ({ i, start: g.length ? Math.min(...g.map((e) => e.range[0])) : Infinity }))
    .sort((a, b) => a.start - b.start || a.i - b.i);
  // Kept sorted by start. No two overlap, so each ends at or before the next one starts, and an edit can overlap only
  // the last one starting at or before it and the first one starting after it: two lookups, not a pass over all
  // of them (a pass was quadratic: 20,000 fixes in one file).
  const accepted: TextEdit[] = [];
  const firstAfter = (offset: number): number => {
    let lo = 0;
    let hi = accepted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (accepted[mid]!.range[0] <= offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const overlapsAccepted = (e: TextEdit): boolean => {
    const after = firstAfter(e.range[0]);
    return (after > 0 && overlaps(accepted[after - 1]!, e)) || (after < accepted.length && overlaps(accepted[after]!, e));
  };
  const applied: number[] = [];
  const conflicts: number[] = [];
  for (const { i } of order) {
    const group = groups[i];
    if (group.length === 0) continue;
    const bad = group.some((e, j) => e.range[0] > e.range[1] || e.range[0] < 0 || e.range[1] > text.length || group.some((f, k) => k !== j && overlaps(e, f)));
    if (bad || group.some(overlapsAccepted)) {
      conflicts.push(i);
      continue;
    }
    for (const e of group) accepted.splice(firstAfter(e.range[0]), 0, e);
    applied.push(i);
  }
  let output = '';
  let last = 0;
  for (const e of accepted) {
    output += text.slice(last, e.range[0]) + e.text;
    last = e.range[1];
  }
  output += text.slice(last);
  return { output, applied: applied.sort((a, b) => a - b), conflicts: conflicts.sort((a, b) => a - b) };
}

/**
 * Whether a file's text is well-formed for its language; undefined when it is (or the language has no
 * checker here). With `original`, a configuration file must also keep its shape: the same nesting and
 * number of keys (JSON, YAML) or the same entry lines (.env, .properties, .toml), so an edited value cannot
 * inject or drop a key; a renamed key keeps the shape.
 */
export function checkSyntax(filename: string, text: string, original?: string): string | undefined {
  const language = fileLanguage(filename);
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (language === 'js' || language === 'ts') {
    const parsed = parseSource(body, filename);
    return parsed.ok ? undefined : `${parsed.error.message} (${parsed.error.line}:${parsed.error.column})`;
  }
  if (language === 'html') {
    // Each group of inline script blocks as the engine reads it (engine/read/script-blocks.ts); the markup is not checked.
    for (const group of scriptGroups(body, filename)) {
      const parsed = parseSource(group.text, group.parseName);
      if (!parsed.ok) return `script block: ${parsed.error.message} (${parsed.error.line}:${parsed.error.column})`;
    }
    return undefined;
  }
  if (language !== 'config') return undefined;
  const shape = configShape(filename, body);
  if (typeof shape === 'object') return shape.error;
  if (original === undefined) return undefined;
  const before = configShape(filename, original.startsWith('\uFEFF') ? original.slice(1) : original);
  if (typeof before === 'string' && before !== shape) return 'the edit changes the keys of the file';
  return undefined;
}

/** The shape of a configuration text (where keys are, not their names) as one string, or why it does not parse. */
function configShape(filename: string, text: string): string | { error: string } {
  try {
    if (/\.json$/i.test(filename)) return keyPaths(JSON.parse(text));
    if (/\.ya?ml$/i.test(filename)) {
      const docs = yamlModule().parseAllDocuments(text);
      const list = Array.isArray(docs) ? docs : [docs];
      const bad = list.flatMap((d) => d.errors)[0];
      if (bad) return { error: bad.message.split('\n')[0] };
      return list.map((d) => keyPaths(d.toJS())).join('\n---\n');
    }
  } catch (error) {
    return { error: (error as Error).message.split('\n')[0] };
  }
  // Line-based files: one line per entry, so the lines and their names are the shape.
  return text
    .split(/\r?\n/)
    .map((line) => (/^\s*(?:export\s+)?[^\s=:#]+\s*[=:]/.test(line) ? 'key' : line.trim() === '' || /^\s*[#!;]/.test(line) ? '' : '?'))
    .join('\n');
}

function keyPaths(value: unknown, prefix = ''): string {
  if (Array.isArray(value)) return value.map((v, i) => keyPaths(v, `${prefix}[${i}]`)).join('');
  if (value !== null && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([, v], i) => `${prefix}/${i}\n${keyPaths(v, `${prefix}/${i}`)}`)
      .join('');
  }
  return '';
}

let yaml: typeof import('yaml') | undefined;
/** The YAML parser, loaded the first time a YAML file is fixed. */
function yamlModule(): typeof import('yaml') {
  return (yaml ??= createRequire(import.meta.url)('yaml') as typeof import('yaml'));
}

/** What the caller of {@link fixFile} knows already of the file's text (each made once instead of twice). */
export interface KnownOfFile {
  /** The analysis of the text with the same options. */
  analysed?: FileAnalysisResult;
  /** Its syntax error (`checkSyntax`), undefined when it parses: present when the caller has checked. */
  syntaxError?: string | undefined;
  /** Findings whose fix is not to be made (they stay in `remaining`). */
  leave?: (m: Match) => boolean;
}

/** The outcome of fixing one file. */
export interface FixResult {
  output: string;
  changed: boolean;
  /** Matches whose autofix was applied (from every pass). */
  fixed: Match[];
  /** Matches still present in the output (no autofix, or refused). */
  remaining: Match[];
  /** Why nothing (or not everything) was written: the result did not parse, or the input did not. */
  failure?: string;
}

const MAX_PASSES = 10;

/**
 * Applies every autofix of a file, re-analysing after each pass (a fix may expose another) until
 * nothing changes, like ESLint's fix loop. A pass whose result would not parse is retried edit group by
 * edit group, keeping only the groups that leave the file parseable; refused groups are named in
 * `failure`. A file that did not parse to begin with is not touched. `known`: what the caller knows already of
 * the file's text, and findings to leave unfixed.
 */
export function fixFile(file: SourceFile, opts: AnalyzeOptions, known: KnownOfFile = {}): FixResult {
  const { analysed, leave } = known;
  const fixed: Match[] = [];
  const refused: string[] = [];
  const originalError = 'syntaxError' in known ? known.syntaxError : checkSyntax(file.filename, file.text);
  let text = file.text;
  // The analysis of the text as it is now, when there is one: the caller's of the file's own text, then each pass's.
  let last: { text: string; result: FileAnalysisResult } | undefined = analysed ? { text, result: analysed } : undefined;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const result = last?.text === text ? last.result : analyzeFile({ filename: file.filename, text }, opts);
    last = { text, result };
    if (result.parseError) {
      return { output: file.text, changed: false, fixed: [], remaining: [], failure: `does not parse: ${result.parseError.message} (${result.parseError.line}:${result.parseError.column})` };
    }
    const fixable = result.matches.filter((m) => m.fix && !refused.includes(key(m)) && !leave?.(m));
    if (fixable.length === 0) break;
    const { output, applied } = applyEdits(text, fixable.map((m) => m.fix!));
    if (output === text) break;
    if (originalError || !checkSyntax(file.filename, output, file.text)) {
      fixed.push(...applied.map((i) => fixable[i]));
      text = output;
      continue;
    }
    // Find the groups that break the file, one at a time, and refuse them.
    let partial = text;
    let progressed = false;
    for (const i of applied) {
      const attempt = applyEdits(partial, [fixable[i].fix!]);
      if (checkSyntax(file.filename, attempt.output, file.text)) {
        refused.push(key(fixable[i]));
      } else {
        // Later groups' ranges index the original text of this pass; re-analyse next pass instead.
        fixed.push(fixable[i]);
        partial = attempt.output;
        progressed = true;
        break;
      }
    }
    text = partial;
    if (!progressed && refused.length === 0) break;
  }
  // When the last pass changed nothing, its analysis is the final one (it was made a second time for every file).
  const final = last?.text === text ? last.result : analyzeFile({ filename: file.filename, text }, opts);
  const failure = refused.length > 0 ? `refused ${refused.length} fix(es) whose result would not parse: ${refused.join(', ')}` : undefined;
  return { output: text, changed: text !== file.text, fixed, remaining: final.matches, failure };
}

function key(m: Match): string {
  return `${m.noticeId}@${m.loc.start.line}:${m.loc.start.column}`;
}
