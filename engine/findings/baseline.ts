/**
 * The date-aware baseline file (`--baseline FILE`, `--baseline-write FILE`, ESLint `configure({ baseline })`): a
 * team adopts collab-migrate on a codebase with many findings by recording them once. This module owns the file:
 * its shape (validated against baseline.schema.json), reading it safely, writing it atomically, the key a
 * recorded finding is known by (file, notice, fingerprint: engine/findings/fingerprint.ts), and what a recorded
 * finding is worth on a given day ({@link recordedState}), so the CLI (cli/scan/baseline.ts) and the ESLint plugin
 * (rules/index.ts) judge it alike.
 *
 * The rule: a baseline is green on the day it is written and turns red on the day that matters. A recorded
 * finding does not fail a run, except when its notice's effective date falls after the day the baseline was
 * recorded and on or before today: known debt that has just become breakage (`crossed`). A finding the baseline
 * does not record is `new` and fails at once. Boundary table (baseline recorded R, notice effective E, run T):
 *
 * | E          | T          | state     |
 * |------------|------------|-----------|
 * | E <= R     | any        | recorded  |  (in force when recorded: accepted debt)
 * | R < E <= T | T          | crossed   |  (E = T included: the effective day itself)
 * | E > T      | T          | recorded  |  (not yet in force)
 * | none       | any        | recorded  |  (pending and contract notices never cross)
 *
 * A baseline written before the day was recorded (no `recorded`) is read as recorded before every date: a
 * recorded finding crosses once its notice is in force, as it always did; rewriting it records the day.
 */
import { existsSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Ajv as AjvClass, ValidateFunction } from 'ajv';
import { readTextFile } from '../read/read-file.js';
import { jsonTooDeep, tooDeepMessage } from '../read/json-depth.js';
import { daysUntilEffective } from '../catalog/dates.js';
import type { IsoDate, Notice } from '../types.js';
import { UsageError } from '../errors.js';

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
  /** The day the baseline was written (the run's `today`): a notice effective after it and by today crosses. */
  recorded?: IsoDate;
  findings: BaselineEntry[];
}

/** What a finding is worth against a baseline: `recorded` (known, does not fail), `crossed` (known, but its notice took effect since the baseline was recorded: fails), `new` (fails). */
export type BaselineState = 'recorded' | 'crossed' | 'new';

/** What the baseline did in one run, for the report. */
export interface BaselineOutcome {
  file: string;
  /** The day the baseline was recorded, when it says. */
  recordedOn?: IsoDate;
  /** Findings found in the baseline that do not fail the run (warnings). */
  recorded: number;
  /** Recorded findings whose notice took effect after the baseline's day, on or before today (errors). */
  crossed: number;
  /** Findings not in it (errors now). */
  new: number;
  /** Recorded findings no longer found. */
  resolved: BaselineEntry[];
  /** Set when this run wrote the file (`--baseline-write`). */
  written?: { findings: number; pruned: number };
}

export const SCHEMA_REF = 'node_modules/collab-migrate/baseline.schema.json';

let validator: ValidateFunction<BaselineFile> | undefined;

function schemaPath(): string {
  // engine/findings/ compiles to dist/engine/findings/; the schema sits at the package root.
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

/** The key a recorded finding is known by. */
export function baselineKey(file: string, notice: string, fingerprint: string): string {
  return `${file}\0${notice}\0${fingerprint}`;
}

/** Whether a notice is in force on `today`: contract notices always, dated ones from their effective day. */
export function inForce(notice: Notice, today: string): boolean {
  if (notice.status === 'contract') return true;
  const days = daysUntilEffective(notice, today);
  return days !== undefined && days <= 0 && notice.status !== 'pending';
}

/**
 * What a recorded finding of `notice` is worth on `today` against a baseline recorded on `recordedOn` (the
 * table in this module's header): `crossed` when the notice's effective date is after `recordedOn` and on or
 * before `today`, else `recorded`. Without `recordedOn` (an older file) a notice in force has crossed.
 */
export function recordedState(notice: Notice, recordedOn: IsoDate | undefined, today: IsoDate): 'recorded' | 'crossed' {
  if (notice.status === 'contract' || notice.status === 'pending' || notice.effective === undefined) return 'recorded';
  if (!inForce(notice, today)) return 'recorded';
  if (recordedOn === undefined) return 'crossed';
  const sinceRecorded = daysUntilEffective(notice, recordedOn);
  return sinceRecorded !== undefined && sinceRecorded > 0 ? 'crossed' : 'recorded';
}

/** The recorded findings of a baseline as {@link baselineKey}s. */
export function baselineKeys(baseline: BaselineFile): Set<string> {
  return new Set(baseline.findings.map((e) => baselineKey(e.file, e.notice, e.fingerprint)));
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
