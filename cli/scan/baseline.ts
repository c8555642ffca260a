/**
 * The date-aware baseline (`--baseline FILE`, `--baseline-write FILE`): a team adopts collab-migrate on a codebase
 * with many findings by recording them once; from then on a recorded finding is a warning until its notice's
 * effective date and an error from that day, while a finding that is not recorded is an error at once, whatever
 * its date (new code must not add what is about to break). Findings are recognised by fingerprint
 * (engine/fingerprint.ts), so moving code around keeps them; a recorded finding that is gone is listed as resolved,
 * and writing the baseline again drops it. The file is JSON, validated against baseline.schema.json, sorted.
 */
import { existsSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { readTextFile } from '../../engine/read-file.js';
import { jsonTooDeep, tooDeepMessage } from '../../engine/json-depth.js';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Ajv as AjvClass, ValidateFunction } from 'ajv';
import { daysUntilEffective } from '../../engine/dates.js';
import type { Notice } from '../../engine/types.js';
import { UsageError } from '../errors.js';
import type { Finding, ScannedFile } from './scan-core.js';

export const BASELINE_VERSION = 1;

/** One recorded finding. */
export interface BaselineEntry {
  /** Relative to the baseline file's folder, `/` separators. */
  file: string;
  notice: string;
  fingerprint: string;
  /** For the reader: the notice's date when recorded. */
  effective?: string | null;
  /** For the reader: the matched text. */
  text?: string;
}

export interface BaselineFile {
  $schema?: string;
  version: typeof BASELINE_VERSION;
  findings: BaselineEntry[];
}

/** What the baseline did in one run, for the report. */
export interface BaselineOutcome {
  file: string;
  /** Findings found in the baseline (warnings until their date). */
  recorded: number;
  /** Findings not in it (errors now). */
  new: number;
  /** Recorded findings no longer found. */
  resolved: BaselineEntry[];
  /** Set when this run wrote the file (`--baseline-write`). */
  written?: { findings: number; pruned: number };
}

const SCHEMA_REF = 'node_modules/collab-migrate/baseline.schema.json';

let validator: ValidateFunction<BaselineFile> | undefined;

function schemaPath(): string {
  // cli/scan/ compiles to dist/cli/scan/; the schema sits at the package root.
  const here = path.dirname(new URL(import.meta.url).pathname);
  for (const up of ['../..', '../../..']) {
    const candidate = path.resolve(here, up, 'baseline.schema.json');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('baseline.schema.json not found beside the package');
}

function validate(value: unknown): value is BaselineFile {
  if (!validator) {
    const { Ajv } = createRequire(import.meta.url)('ajv') as { Ajv: typeof AjvClass };
    const schema = JSON.parse(readFileSync(schemaPath(), 'utf8')) as object;
    validator = new Ajv({ allErrors: false, strict: true, allowUnionTypes: true }).compile<BaselineFile>(schema);
  }
  return validator(value);
}

/** Reads a baseline; a missing file is an empty one when `optional` (so `--baseline-write` can create it). */
export function readBaseline(file: string, optional = false, name = '--baseline'): BaselineFile {
  if (!existsSync(file)) {
    if (optional) return { version: BASELINE_VERSION, findings: [] };
    throw new UsageError(`${name} ${file}: file not found (create it with --baseline-write ${file}).`);
  }
  let value: unknown;
  let text: string;
  try {
    text = readTextFile(file);
  } catch (error) {
    throw new UsageError(`${name} ${file}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
  const deep = jsonTooDeep(text);
  if (deep) throw new UsageError(`${name} ${file}: not a baseline: ${tooDeepMessage(deep)}.`);
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new UsageError(`${name} ${file}: not valid JSON (${(error as Error).message}).`);
  }
  if (!validate(value)) {
    const e = validator?.errors?.[0];
    throw new UsageError(`${name} ${file}: ${e ? `${e.instancePath || '/'} ${e.message ?? 'is invalid'}` : 'invalid'} (see baseline.schema.json).`);
  }
  return value;
}

function keyOf(file: string, notice: string, fingerprint: string): string {
  return `${file}\0${notice}\0${fingerprint}`;
}

function relativeTo(baselineFile: string, absolute: string): string {
  return path.relative(path.dirname(baselineFile), absolute).split(path.sep).join('/');
}

/** Whether a notice is in force on `today`: contract notices always, dated ones from their effective day. */
function inForce(notice: Notice, today: string): boolean {
  if (notice.status === 'contract') return true;
  const days = daysUntilEffective(notice, today);
  return days !== undefined && days <= 0 && notice.status !== 'pending';
}

function shortText(text: string, range: readonly [number, number]): string {
  const t = text.slice(range[0], range[1]).replace(/\s+/g, ' ').trim();
  return t.length > 80 ? `${t.slice(0, 77)}...` : t;
}

/**
 * Applies a baseline to the scanned files (their findings' severities change in place): recorded findings
 * warn until their notice is in force, others are errors. `selected` and the scanned paths decide which
 * recorded entries this run could have seen, so only those can be resolved.
 */
export function applyBaseline(baselineFile: string, baseline: BaselineFile, scanned: readonly ScannedFile[], today: string, selected: ReadonlySet<string>): BaselineOutcome {
  const recorded = new Map(baseline.findings.map((e) => [keyOf(e.file, e.notice, e.fingerprint), e]));
  const matched = new Set<string>();
  const outcome: BaselineOutcome = { file: baselineFile, recorded: 0, new: 0, resolved: [] };
  const seenFiles = new Set<string>();
  for (const s of scanned) {
    const rel = relativeTo(baselineFile, s.file.path);
    seenFiles.add(rel);
    for (const f of s.findings) {
      const key = keyOf(rel, f.notice.id, f.fingerprint);
      if (recorded.has(key)) {
        matched.add(key);
        outcome.recorded++;
        f.baseline = 'recorded';
        f.severity = inForce(f.notice, today) ? 'error' : 'warn';
      } else {
        outcome.new++;
        f.baseline = 'new';
        f.severity = 'error';
      }
    }
  }
  const root = path.dirname(baselineFile);
  for (const [key, entry] of recorded) {
    if (matched.has(key) || !selected.has(entry.notice)) continue;
    if (seenFiles.has(entry.file) || !existsSync(path.resolve(root, entry.file))) outcome.resolved.push(entry);
  }
  return outcome;
}

function compareEntries(a: BaselineEntry, b: BaselineEntry): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.notice < b.notice ? -1 : a.notice > b.notice ? 1 : a.fingerprint < b.fingerprint ? -1 : a.fingerprint > b.fingerprint ? 1 : 0;
}

/**
 * The baseline after this run: today's findings, plus the old entries this run could not have seen (notices
 * it did not look for, files outside its paths). Resolved entries are dropped.
 */
export function nextBaseline(baselineFile: string, previous: BaselineFile, scanned: readonly ScannedFile[], selected: ReadonlySet<string>): { baseline: BaselineFile; pruned: number } {
  const seenFiles = new Set(scanned.map((s) => relativeTo(baselineFile, s.file.path)));
  const root = path.dirname(baselineFile);
  const kept = previous.findings.filter((e) => !selected.has(e.notice) || (!seenFiles.has(e.file) && existsSync(path.resolve(root, e.file))));
  const current: BaselineEntry[] = scanned.flatMap((s) => {
    const file = relativeTo(baselineFile, s.file.path);
    return s.findings.map((f: Finding) => ({ file, notice: f.notice.id, fingerprint: f.fingerprint, effective: f.notice.effective ?? null, text: shortText(s.text, f.match.range) }));
  });
  const byKey = new Map<string, BaselineEntry>();
  for (const e of [...kept, ...current]) byKey.set(keyOf(e.file, e.notice, e.fingerprint), e);
  const findings = [...byKey.values()].sort(compareEntries);
  const currentKeys = new Set(findings.map((e) => keyOf(e.file, e.notice, e.fingerprint)));
  const pruned = previous.findings.filter((e) => !currentKeys.has(keyOf(e.file, e.notice, e.fingerprint))).length;
  return { baseline: { $schema: SCHEMA_REF, version: BASELINE_VERSION, findings }, pruned };
}

/** Writes the baseline atomically, two-space JSON, one entry per finding. */
export function writeBaseline(file: string, baseline: BaselineFile): void {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, JSON.stringify(baseline, null, 2) + '\n');
    renameSync(temp, file);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      /* never written */
    }
    throw new UsageError(`Cannot write --baseline-write ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
}
