/**
 * Date logic: which notices a run selects and how severe each one is on a given day.
 * `today` is always passed in; nothing here reads the clock. Days are counted on the proleptic
 * Gregorian calendar with plain integer arithmetic (no `Date`, so no time zones).
 *
 * @packageDocumentation
 */
import type { IsoDate, Notice } from '../types.js';

/** Severity of a notice's findings, as ESLint spells it. */
export type Severity = 'error' | 'warn' | 'off';

/** How many days before `effective` a notice starts to warn. */
export const DEFAULT_WARN_WITHIN_DAYS = 90;

/** What severity and selection depend on. */
export interface DateOptions {
  /** The day of the run (CLI `--today`, config `today`); never read from the clock here. */
  today: IsoDate;
  /** `--before D`: notices effective on or before D are migrated now, so they warn at least. */
  before?: IsoDate;
  /** Warn this many days ahead of `effective` (default {@link DEFAULT_WARN_WITHIN_DAYS}). */
  warnWithinDays?: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

/** Whether `s` is `YYYY-MM-DD` and names a real calendar day (`2026-02-30` is not one). */
export function isValidIsoDate(s: string): boolean {
  const m = ISO_DATE.exec(s);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function parse(d: IsoDate): [number, number, number] {
  if (!isValidIsoDate(d)) throw new RangeError(`invalid date "${d}" (expected a real day as YYYY-MM-DD)`);
  const m = ISO_DATE.exec(d)!;
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

// Days since 1970-01-01 of a civil date, and back (H. Hinnant's algorithms, public domain facts).
function toDayNumber(d: IsoDate): number {
  const [y0, m, day] = parse(d);
  const y = m <= 2 ? y0 - 1 : y0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function fromDayNumber(n: number): IsoDate {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const pad = (v: number, w: number) => String(v).padStart(w, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** `to - from` in whole days (negative when `to` is earlier). Throws on an invalid date. */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** The day `n` days after `d` (before it when `n` is negative). */
export function addDays(d: IsoDate, n: number): IsoDate {
  if (!Number.isInteger(n)) throw new RangeError(`addDays: ${n} is not a whole number of days`);
  return fromDayNumber(toDayNumber(d) + n);
}

/**
 * Whether a run selects the notice. With `--before D`: dated notices effective on or before D
 * (inclusive: a change effective on D must be migrated before D), plus every `contract` and `pending`
 * notice. Without it: every notice except informational ones, which are never reported.
 */
export function isSelected(notice: Notice, opts: { before?: IsoDate }): boolean {
  switch (notice.status) {
    case 'informational':
      return false;
    case 'contract':
    case 'pending':
      return true;
    case 'dated':
      if (opts.before === undefined) return true;
      return notice.effective !== undefined && daysBetween(notice.effective, opts.before) >= 0;
  }
}

/**
 * Severity of a notice's findings on `today`:
 * contract, or a breaking notice effective on or before today -> `error`; a non-breaking notice in force
 * (both forms still accepted, an old algorithm still delivered) -> `warn`;
 * deprecated on or before today, effective within `warnWithinDays`, or effective on or before `before` -> `warn`;
 * pending -> `warn`; informational -> `off`; anything later -> `off`.
 */
export function severityOf(notice: Notice, opts: DateOptions): Severity {
  const window = opts.warnWithinDays ?? DEFAULT_WARN_WITHIN_DAYS;
  switch (notice.status) {
    case 'informational':
      return 'off';
    case 'contract':
      return 'error';
    case 'pending':
      return 'warn';
    case 'dated': {
      if (notice.effective === undefined) return 'off';
      const until = daysBetween(opts.today, notice.effective);
      // A notice without `breaking` (boundary rows, partial user data) counts as breaking.
      if (until <= 0) return notice.breaking === false ? 'warn' : 'error';
      if (notice.deprecated !== undefined && daysBetween(notice.deprecated, opts.today) >= 0) return 'warn';
      if (until <= window) return 'warn';
      if (opts.before !== undefined && daysBetween(notice.effective, opts.before) >= 0) return 'warn';
      return 'off';
    }
  }
}

/** Days from `today` to the notice's `effective` day (negative once past), or undefined without one. */
export function daysUntilEffective(notice: Notice, today: IsoDate): number | undefined {
  return notice.effective === undefined ? undefined : daysBetween(today, notice.effective);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Human countdown: `in 23 days`, `today`, `since 2026-03-24 (58 days ago)`, `pending`, `always in force`
 * (contract), or `no date` for an informational notice without one.
 */
export function countdown(notice: Notice, today: IsoDate): string {
  if (notice.status === 'contract') return 'always in force';
  if (notice.status === 'pending') return 'pending';
  const days = daysUntilEffective(notice, today);
  if (days === undefined) return 'no date';
  if (days > 0) return `in ${plural(days, 'day')}`;
  if (days === 0) return 'today';
  return `since ${notice.effective} (${plural(-days, 'day')} ago)`;
}

/**
 * The date part of a finding's message: "effective 2026-03-24, 58 days ago", "effective 2027-01-01, in
 * 40 days", "effective today (2026-03-24)", "deprecated since 2025-09-01; effective 2026-03-31, in 12 days",
 * "pending: no date announced yet", "a contract rule, always in force".
 */
export function whenText(notice: Notice, today: IsoDate): string {
  if (notice.status === 'contract') return 'a contract rule, always in force';
  if (notice.status === 'pending') return 'pending: no date announced yet';
  const days = daysUntilEffective(notice, today);
  if (days === undefined) return 'no date';
  // A vague date is its earliest plausible day (CATALOG.md): say so rather than repeat the seed's words.
  const approx = notice.precision === 'month' || notice.precision === 'approximate' ? ' at the earliest' : '';
  const effective =
    days > 0 ? `effective ${notice.effective}${approx}, in ${plural(days, 'day')}` : days === 0 ? `effective today (${notice.effective})` : `effective ${notice.effective}${approx}, ${plural(-days, 'day')} ago`;
  if (days > 0 && notice.deprecated && daysBetween(notice.deprecated, today) >= 0) return `deprecated since ${notice.deprecated}; ${effective}`;
  return effective;
}

/**
 * The date part of a finding's message that does not depend on the day it is read, for ESLint messages
 * (a countdown would change the same finding's text every day: noise in CI diffs, stale text in ESLint's
 * cache): "effective 2026-03-24", "effective 2026-07-01 at the earliest", "deprecated from 2025-09-01,
 * effective 2026-03-31", "pending: no date announced yet", "a contract rule, always in force".
 */
export function effectiveText(notice: Notice): string {
  if (notice.status === 'contract') return 'a contract rule, always in force';
  if (notice.status === 'pending') return 'pending: no date announced yet';
  if (notice.effective === undefined) return 'no date';
  const approx = notice.precision === 'month' || notice.precision === 'approximate' ? ' at the earliest' : '';
  const effective = `effective ${notice.effective}${approx}`;
  return notice.deprecated ? `deprecated from ${notice.deprecated}, ${effective}` : effective;
}

/** One row of {@link DATE_BOUNDARIES}. */
export interface DateBoundaryCase {
  name: string;
  notice: Pick<Notice, 'status'> & Partial<Pick<Notice, 'effective' | 'deprecated' | 'precision' | 'breaking'>>;
  options: DateOptions;
  severity: Severity;
  /** `isSelected(notice, { before: options.before })`. */
  selected: boolean;
  countdown: string;
}

/**
 * The boundary cases of the date rules, as data (run as tests by `test/dates.test.ts`).
 * Effective on today is in force; effective on `before` is selected; effective exactly `warnWithinDays`
 * ahead warns and one day more does not; month-precision dates are their first day.
 */
export const DATE_BOUNDARIES: readonly DateBoundaryCase[] = [
  { name: 'effective today is in force', notice: { status: 'dated', effective: '2026-03-24' }, options: { today: '2026-03-24' }, severity: 'error', selected: true, countdown: 'today' },
  { name: 'non-breaking in force warns (both forms still accepted)', notice: { status: 'dated', effective: '2024-10-11', breaking: false }, options: { today: '2024-10-11' }, severity: 'warn', selected: true, countdown: 'today' },
  { name: 'non-breaking long in force still warns', notice: { status: 'dated', effective: '2024-10-11', breaking: false }, options: { today: '2026-11-22' }, severity: 'warn', selected: true, countdown: 'since 2024-10-11 (772 days ago)' },
  { name: 'breaking in force is an error', notice: { status: 'dated', effective: '2024-10-11', breaking: true }, options: { today: '2024-10-11' }, severity: 'error', selected: true, countdown: 'today' },
  { name: 'non-breaking contract is still an error', notice: { status: 'contract', breaking: false }, options: { today: '2026-11-22' }, severity: 'error', selected: true, countdown: 'always in force' },
  { name: 'effective yesterday', notice: { status: 'dated', effective: '2026-03-24' }, options: { today: '2026-03-25' }, severity: 'error', selected: true, countdown: 'since 2026-03-24 (1 day ago)' },
  { name: 'effective 58 days ago', notice: { status: 'dated', effective: '2026-03-24' }, options: { today: '2026-05-21' }, severity: 'error', selected: true, countdown: 'since 2026-03-24 (58 days ago)' },
  { name: 'effective tomorrow warns', notice: { status: 'dated', effective: '2026-03-24' }, options: { today: '2026-03-23' }, severity: 'warn', selected: true, countdown: 'in 1 day' },
  { name: 'effective exactly at today + window warns', notice: { status: 'dated', effective: '2026-07-28' }, options: { today: '2026-04-29' }, severity: 'warn', selected: true, countdown: 'in 90 days' },
  { name: 'effective one day past the window is off', notice: { status: 'dated', effective: '2026-07-28' }, options: { today: '2026-04-28' }, severity: 'off', selected: true, countdown: 'in 91 days' },
  { name: 'custom window of 30 days', notice: { status: 'dated', effective: '2026-07-28' }, options: { today: '2026-06-28', warnWithinDays: 30 }, severity: 'warn', selected: true, countdown: 'in 30 days' },
  { name: 'custom window of 0 days: only in force counts', notice: { status: 'dated', effective: '2026-07-28' }, options: { today: '2026-07-27', warnWithinDays: 0 }, severity: 'off', selected: true, countdown: 'in 1 day' },
  { name: 'effective on before is selected and warns', notice: { status: 'dated', effective: '2026-07-28' }, options: { today: '2026-01-01', before: '2026-07-28' }, severity: 'warn', selected: true, countdown: 'in 208 days' },
  { name: 'effective the day after before is not selected', notice: { status: 'dated', effective: '2026-07-29' }, options: { today: '2026-01-01', before: '2026-07-28' }, severity: 'off', selected: false, countdown: 'in 209 days' },
  { name: 'before in the past still selects older notices; in force is an error', notice: { status: 'dated', effective: '2025-01-24' }, options: { today: '2026-11-22', before: '2025-06-30' }, severity: 'error', selected: true, countdown: 'since 2025-01-24 (667 days ago)' },
  { name: 'within the window but after before: not selected, still warns', notice: { status: 'dated', effective: '2026-09-09' }, options: { today: '2026-07-01', before: '2026-07-28' }, severity: 'warn', selected: false, countdown: 'in 70 days' },
  { name: 'deprecated today warns long before effective', notice: { status: 'dated', deprecated: '2025-09-01', effective: '2026-03-31' }, options: { today: '2025-09-01' }, severity: 'warn', selected: true, countdown: 'in 211 days' },
  { name: 'deprecated tomorrow is still off', notice: { status: 'dated', deprecated: '2025-09-01', effective: '2026-03-31' }, options: { today: '2025-08-31' }, severity: 'off', selected: true, countdown: 'in 212 days' },
  { name: 'leap day effective, today the day before', notice: { status: 'dated', effective: '2028-02-29' }, options: { today: '2028-02-28' }, severity: 'warn', selected: true, countdown: 'in 1 day' },
  { name: 'leap day effective, today the day after', notice: { status: 'dated', effective: '2028-02-29' }, options: { today: '2028-03-01', before: '2028-02-29' }, severity: 'error', selected: true, countdown: 'since 2028-02-29 (1 day ago)' },
  { name: 'leap day is the window edge (90 days back is 2027-12-01)', notice: { status: 'dated', effective: '2028-02-29' }, options: { today: '2027-12-01' }, severity: 'warn', selected: true, countdown: 'in 90 days' },
  { name: 'leap year counts 366 days', notice: { status: 'dated', effective: '2029-01-01' }, options: { today: '2028-01-01' }, severity: 'off', selected: true, countdown: 'in 366 days' },
  { name: 'month precision: July 2026 means 2026-07-01, in force on the 1st', notice: { status: 'dated', effective: '2026-07-01', precision: 'month' }, options: { today: '2026-07-01' }, severity: 'error', selected: true, countdown: 'today' },
  { name: 'month precision: the last day of June is before it', notice: { status: 'dated', effective: '2026-07-01', precision: 'month' }, options: { today: '2026-06-30', before: '2026-06-30' }, severity: 'warn', selected: false, countdown: 'in 1 day' },
  { name: 'approximate mid-month date selected by a before at month end', notice: { status: 'dated', effective: '2026-07-15', precision: 'approximate' }, options: { today: '2026-01-15', before: '2026-07-31' }, severity: 'warn', selected: true, countdown: 'in 181 days' },
  { name: 'pending always warns and is always selected', notice: { status: 'pending' }, options: { today: '2026-11-22', before: '2020-01-01' }, severity: 'warn', selected: true, countdown: 'pending' },
  { name: 'contract is always an error and always selected', notice: { status: 'contract' }, options: { today: '2020-01-01', before: '2020-01-01' }, severity: 'error', selected: true, countdown: 'always in force' },
  { name: 'informational is never reported even when in force', notice: { status: 'informational', effective: '2024-11-30' }, options: { today: '2026-11-22', before: '2099-12-31' }, severity: 'off', selected: false, countdown: 'since 2024-11-30 (722 days ago)' },
  { name: 'informational without a date', notice: { status: 'informational' }, options: { today: '2026-11-22' }, severity: 'off', selected: false, countdown: 'no date' },
];

/**
 * Orders notice ids (`^[a-z0-9]+(-[a-z0-9]+)*$`, notices.schema.json) and ISO days by their characters. For these
 * characters it is the order `localeCompare` gives (hyphen, digits, letters; tested), without building ICU's
 * collator, which took ~6 ms of CPU at the first comparison of every run (issue 30, item 2).
 */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
