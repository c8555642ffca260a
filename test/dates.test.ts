import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareIds,
  addDays,
  countdown,
  DATE_BOUNDARIES,
  daysBetween,
  daysUntilEffective,
  DEFAULT_WARN_WITHIN_DAYS,
  isSelected,
  isValidIsoDate,
  severityOf,
  whenText,
} from '../engine/catalog/dates.js';
import type { Notice } from '../engine/types.js';

function notice(fields: Partial<Notice>): Notice {
  return {
    id: 'x', title: 'x', summary: 'x', area: 'x', status: 'dated', breaking: true,
    source: { section: '9' }, instead: 'x', fix: 'none', detections: [], ...fields,
  };
}

/** Independent oracle: the platform's Date in UTC (fine in tests; the engine never uses it). */
const utcDay = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / 86_400_000;
const isoOf = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
const arbDay = fc.integer({ min: utcDay('1900-01-01'), max: utcDay('2199-12-31') }).map(isoOf);

describe('the boundary table (DATE_BOUNDARIES)', () => {
  it('has the cases the rules turn on', () => {
    const names = DATE_BOUNDARIES.map((c) => c.name).join('\n');
    for (const needed of ['today', 'before', 'window', 'leap', 'month', 'pending', 'contract', 'informational', 'deprecated']) {
      expect(names).toContain(needed);
    }
  });

  for (const c of DATE_BOUNDARIES) {
    it(c.name, () => {
      const n = notice(c.notice);
      expect(severityOf(n, c.options)).toBe(c.severity);
      expect(isSelected(n, { before: c.options.before })).toBe(c.selected);
      expect(countdown(n, c.options.today)).toBe(c.countdown);
      if (c.notice.effective !== undefined) {
        // The table's countdowns agree with an independent day count.
        expect(daysUntilEffective(n, c.options.today)).toBe(utcDay(c.notice.effective) - utcDay(c.options.today));
      }
    });
  }
});

describe('calendar arithmetic', () => {
  it('accepts real days and rejects impossible ones', () => {
    for (const ok of ['2026-02-28', '2028-02-29', '2000-02-29', '2026-12-31', '0001-01-01']) expect(isValidIsoDate(ok), ok).toBe(true);
    for (const bad of ['2026-02-30', '2026-02-29', '1900-02-29', '2100-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-1-01', '26-01-01', '2026-01-01T00:00:00Z', ' 2026-01-01', '']) {
      expect(isValidIsoDate(bad), bad).toBe(false);
    }
  });

  it('agrees with Date.UTC on validity for every day-like string', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2199 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (y, m, d) => {
        const s = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        const roundTrips = m >= 1 && m <= 12 && d >= 1 && isoOf(utcDay(s)) === s;
        return isValidIsoDate(s) === roundTrips;
      }),
    );
  });

  it('daysBetween and addDays agree with Date.UTC and invert each other', () => {
    fc.assert(
      fc.property(arbDay, arbDay, fc.integer({ min: -100_000, max: 100_000 }), (a, b, n) => {
        expect(daysBetween(a, b)).toBe(utcDay(b) - utcDay(a));
        expect(addDays(a, n)).toBe(isoOf(utcDay(a) + n));
        expect(addDays(a, daysBetween(a, b))).toBe(b);
      }),
    );
  });

  it('throws on invalid input instead of guessing', () => {
    expect(() => daysBetween('2026-02-30', '2026-03-01')).toThrow(/invalid date "2026-02-30"/);
    expect(() => addDays('2026-01-01', 1.5)).toThrow(RangeError);
  });
});

describe('rules as properties', () => {
  const arbDated = fc.record({ effective: arbDay, deprecatedOffset: fc.option(fc.integer({ min: 0, max: 400 })) });

  it('a dated notice is an error exactly from its effective day', () => {
    fc.assert(
      fc.property(arbDated, arbDay, ({ effective }, today) => {
        const n = notice({ effective });
        return (severityOf(n, { today }) === 'error') === (utcDay(effective) <= utcDay(today));
      }),
    );
  });

  it('without before, severity is never below warn within the default window', () => {
    fc.assert(
      fc.property(arbDay, fc.integer({ min: 1, max: DEFAULT_WARN_WITHIN_DAYS }), (effective, ahead) => {
        return severityOf(notice({ effective }), { today: addDays(effective, -ahead) }) === 'warn';
      }),
    );
  });

  it('deprecation start makes it warn (never off) before effective', () => {
    fc.assert(
      fc.property(arbDated, fc.integer({ min: 0, max: 400 }), ({ effective, deprecatedOffset }, sinceDeprecated) => {
        const deprecated = addDays(effective, -(deprecatedOffset ?? 0));
        const today = addDays(deprecated, sinceDeprecated);
        const s = severityOf(notice({ effective, deprecated }), { today, warnWithinDays: 0 });
        return utcDay(today) >= utcDay(effective) ? s === 'error' : s === 'warn';
      }),
    );
  });

  it('--before is inclusive and monotonic: a later before selects a superset', () => {
    fc.assert(
      fc.property(arbDay, arbDay, fc.integer({ min: 0, max: 1000 }), (effective, before, more) => {
        const n = notice({ effective });
        const selected = isSelected(n, { before });
        expect(selected).toBe(utcDay(effective) <= utcDay(before));
        if (selected) expect(isSelected(n, { before: addDays(before, more) })).toBe(true);
      }),
    );
  });

  it('a before covering a far-off effective day turns off into warn, never error', () => {
    const n = notice({ effective: '2027-06-01' });
    expect(severityOf(n, { today: '2026-01-01' })).toBe('off');
    expect(severityOf(n, { today: '2026-01-01', before: '2027-06-01' })).toBe('warn');
    expect(severityOf(n, { today: '2026-01-01', before: '2027-05-31' })).toBe('off');
  });

  it('without before every non-informational notice is selected', () => {
    for (const status of ['dated', 'pending', 'contract'] as const) {
      expect(isSelected(notice({ status, effective: status === 'dated' ? '2099-01-01' : undefined }), {})).toBe(true);
    }
    expect(isSelected(notice({ status: 'informational', effective: '2020-01-01' }), {})).toBe(false);
  });

  it('daysUntilEffective is undefined without a date', () => {
    expect(daysUntilEffective(notice({ status: 'contract' }), '2026-01-01')).toBeUndefined();
    expect(daysUntilEffective(notice({ effective: '2026-03-24' }), '2026-05-21')).toBe(-58);
  });
});

describe('whenText (the date part of messages)', () => {
  const base = { id: 'x', title: 't', summary: 's', area: 'a', breaking: true, source: { section: '9' }, instead: 'i', fix: 'none', detections: [] } as const;
  const cases: Array<[Partial<Notice>, string, string]> = [
    [{ status: 'dated', effective: '2026-03-24' }, '2026-05-21', 'effective 2026-03-24, 58 days ago'],
    [{ status: 'dated', effective: '2026-03-24' }, '2026-03-01', 'effective 2026-03-24, in 23 days'],
    [{ status: 'dated', effective: '2026-03-24' }, '2026-03-24', 'effective today (2026-03-24)'],
    [{ status: 'dated', effective: '2026-03-31', deprecated: '2025-09-01' }, '2026-03-30', 'deprecated since 2025-09-01; effective 2026-03-31, in 1 day'],
    [{ status: 'dated', effective: '2026-07-15', precision: 'approximate', effectiveText: 'mid 2026-07' }, '2026-07-16', 'effective 2026-07-15 at the earliest, 1 day ago'],
    [{ status: 'pending' }, '2026-01-01', 'pending: no date announced yet'],
    [{ status: 'contract' }, '2026-01-01', 'a contract rule, always in force'],
  ];
  for (const [fields, today, text] of cases) {
    it(text, () => expect(whenText({ ...base, ...fields } as Notice, today)).toBe(text));
  }
});

describe('compareIds', () => {
  const id = fc.stringMatching(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  const day = fc.integer({ min: 0, max: 3_000_000 }).map((n) => addDays('1900-01-01', n));
  it('orders notice ids and ISO days as localeCompare does', () => {
    for (const gen of [id, day]) {
      fc.assert(fc.property(gen, gen, (a, b) => Math.sign(compareIds(a, b)) === Math.sign(a.localeCompare(b))));
    }
    // The cases a character-by-character order could get wrong: a hyphen against a letter or digit, a prefix.
    const ids = ['a-b', 'ab', 'a', 'a0', 'a-0', 'legacy-api-host', 'legacy-api-hosts', 'legacy-apihost', 'x-1', 'x1'];
    for (const a of ids) for (const b of ids) expect(Math.sign(compareIds(a, b))).toBe(Math.sign(a.localeCompare(b)));
  });
});
