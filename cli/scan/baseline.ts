/**
 * The date-aware baseline in a CLI run: recorded findings are warnings (the run stays green), except those whose
 * notice took effect after the baseline was recorded and on or before today (`crossed`: errors); findings not
 * recorded are errors at once, whatever their date (new code must not add what is about to break); a recorded
 * finding that is gone is listed as resolved, and writing the baseline again drops it. The file itself (shape,
 * reading, writing, keys, the day rule) is the engine's (engine/findings/baseline.ts), shared with ESLint.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BASELINE_VERSION, SCHEMA_REF, baselineKey as keyOf, recordedState, type BaselineEntry, type BaselineFile, type BaselineOutcome } from '../../engine/findings/baseline.js';
import type { IsoDate } from '../../engine/types.js';
import type { Finding, ScannedFile } from './scan-core.js';

export { BASELINE_VERSION, readBaseline, writeBaseline, type BaselineEntry, type BaselineFile, type BaselineOutcome } from '../../engine/findings/baseline.js';

function relativeTo(baselineFile: string, absolute: string): string {
  return path.relative(path.dirname(baselineFile), absolute).split(path.sep).join('/');
}

function shortText(text: string, range: readonly [number, number]): string {
  const t = text.slice(range[0], range[1]).replace(/\s+/g, ' ').trim();
  return t.length > 80 ? `${t.slice(0, 77)}...` : t;
}

/**
 * Applies a baseline to the scanned files (their findings' severities change in place): recorded findings
 * warn, crossed ones (engine/findings/baseline.ts `recordedState`) and new ones are errors. `selected` and the scanned paths decide which
 * recorded entries this run could have seen, so only those can be resolved.
 */
export function applyBaseline(baselineFile: string, baseline: BaselineFile, scanned: readonly ScannedFile[], today: string, selected: ReadonlySet<string>): BaselineOutcome {
  const recorded = new Map(baseline.findings.map((e) => [keyOf(e.file, e.notice, e.fingerprint), e]));
  const matched = new Set<string>();
  const outcome: BaselineOutcome = { file: baselineFile, ...(baseline.recorded !== undefined ? { recordedOn: baseline.recorded } : {}), recorded: 0, crossed: 0, new: 0, resolved: [] };
  const seenFiles = new Set<string>();
  for (const s of scanned) {
    const rel = relativeTo(baselineFile, s.file.path);
    seenFiles.add(rel);
    for (const f of s.findings) {
      const key = keyOf(rel, f.notice.id, f.fingerprint);
      if (recorded.has(key)) {
        matched.add(key);
        const state = recordedState(f.notice, baseline.recorded, today);
        outcome[state]++;
        f.baseline = state;
        f.severity = state === 'crossed' ? 'error' : 'warn';
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
export function nextBaseline(baselineFile: string, previous: BaselineFile, scanned: readonly ScannedFile[], selected: ReadonlySet<string>, today: IsoDate): { baseline: BaselineFile; pruned: number } {
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
  return { baseline: { $schema: SCHEMA_REF, version: BASELINE_VERSION, recorded: today, findings }, pruned };
}

