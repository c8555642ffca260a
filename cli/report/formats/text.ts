/** The human format: findings grouped by file (like ESLint's stylish), then a summary and a timeline. */
import { createColors } from 'picocolors';
import { lineStartName, printable } from '../../../engine/read/printable.js';
import type { Report, ReportFile } from '../report.js';

export interface TextOptions {
  color: boolean;
}

function pad(s: string, width: number): string {
  return s + ' '.repeat(Math.max(0, width - s.length));
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : /(s|x|ch|sh)$/.test(word) ? 'es' : 's'}`;
}

/** A file name as one line of a terminal can show it: control characters escaped (a newline, an ESC sequence). */
export const printableName = printable;

/**
 * The report with what came from the repository made printable: file names, and the reasons and messages that
 * can quote its text (a parser's "Invalid character" with the character itself).
 */
function withPrintableNames(report: Report): Report {
  // File names start lines here (the file's heading, skipped and unanalysed files): plain or quoted, see lineStartName.
  const name = <T extends { file: string }>(x: T): T => ({ ...x, file: lineStartName(x.file) });
  const reason = <T extends { file: string; reason?: string }>(x: T): T => (x.reason === undefined ? name(x) : { ...name(x), reason: printable(x.reason) });
  const sup = report.suppressions;
  return {
    ...report,
    findings: report.findings.map((f) => ({ ...name(f), message: printable(f.message) })),
    files: report.files.map(reason),
    unanalysed: report.unanalysed.map(reason),
    suppressions: { ...sup, expired: sup.expired.map(name), invalid: sup.invalid.map(name), unused: sup.unused.map(name) },
    ...(report.baseline ? { baseline: { ...report.baseline, file: printable(report.baseline.file), resolved: report.baseline.resolved.map((r) => ({ ...name(r), notice: printable(r.notice), ...(r.text !== undefined ? { text: printable(r.text) } : {}) })) } } : {}),
  };
}

/** A reason shared by more files than this is said once, with the count (100,000 empty files are one line). */
export const SUMMARISE_OVER = 10;

/**
 * Files and why, one line each, except that a reason shared by more than {@link SUMMARISE_OVER} files is one
 * line with the count and the first names, where the first of them would be. The JSON report lists every file.
 */
export function byReason(files: ReadonlyArray<{ file: string; reason: string }>): string[] {
  const groups = new Map<string, string[]>();
  for (const f of files) {
    const list = groups.get(f.reason);
    if (list) list.push(f.file);
    else groups.set(f.reason, [f.file]);
  }
  const out: string[] = [];
  for (const f of files) {
    const group = groups.get(f.reason)!;
    if (group.length <= SUMMARISE_OVER) out.push(`${f.file}: ${f.reason}`);
    else if (group[0] === f.file) out.push(`${plural(group.length, 'file')}: ${f.reason} (${group.slice(0, 3).join(', ')} and ${group.length - 3} more; each is listed in --format json)`);
  }
  return out;
}

export function formatText(input: Report, opts: TextOptions): string {
  const report = withPrintableNames(input);
  const c = createColors(opts.color);
  const out: string[] = [];
  const byFile = new Map<string, Report['findings']>();
  for (const f of report.findings) {
    const list = byFile.get(f.file) ?? [];
    list.push(f);
    byFile.set(f.file, list);
  }
  for (const [file, findings] of byFile) {
    out.push(c.underline(file));
    const rows = findings.map((f) => {
      const sev = f.severity === 'error' ? c.red('error') : c.yellow('warning');
      let message = `${f.message} (${f.when})`;
      if (f.confidence === 'likely') message += ` [likely: ${f.confidenceReason}; no autofix]`;
      if (f.expiredSuppression) message += ` [suppression on line ${f.expiredSuppression.line} expired ${f.expiredSuppression.until}]`;
      return { pos: `${f.line}:${f.column}`, sev, sevWidth: f.severity === 'error' ? 5 : 7, message, id: f.noticeId };
    });
    const posWidth = Math.max(...rows.map((r) => r.pos.length));
    for (const r of rows) {
      out.push(`  ${c.dim(pad(r.pos, posWidth))}  ${r.sev}${' '.repeat(9 - r.sevWidth)}${r.message}  ${c.dim(r.id)}`);
    }
    out.push('');
  }

  const s = report.summary;
  if (report.mode !== 'scan') out.push(...fixSection(report, c));

  const total = s.errors + s.warnings;
  // A dry run's findings are those its fixes would leave; nothing was written, so say so rather than "No findings".
  const dry = report.mode === 'fix-dry-run';
  if (total === 0) {
    out.push(c.green(dry ? `✔ No findings would remain after the fixes above` : `✔ No findings`) + ` in ${plural(s.filesScanned, 'file')} (today ${report.today}${report.before ? `, before ${report.before}` : ''}${dry ? '; dry run, nothing written' : ''}).`);
  } else {
    const withFindings = report.files.filter((f) => f.findings > 0).length;
    const line = `✖ ${plural(total, 'finding')}${dry ? ' would remain after the fixes above' : ''} (${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}) in ${withFindings} of ${plural(s.filesScanned, 'file')}${dry && s.fixed > 0 ? ' (dry run, nothing written)' : ''}`;
    out.push(s.errors > 0 ? c.bold(c.red(line)) : c.bold(c.yellow(line)));
    if (s.fixable > 0 && report.mode === 'scan') out.push(`  ${plural(s.fixable, 'finding')} fixable with --fix`);
  }
  if (s.unanalysed > 0) out.push(c.yellow(`  ${plural(s.unanalysed, 'file')} could not be analysed: findings there may be missing (listed at the end)`));
  if (s.generated > 0) out.push(`  ${plural(s.generated, 'generated file')} skipped (minified bundles, build output: listed below; --include-generated scans them)`);
  if (s.suppressed > 0) out.push(`  ${plural(s.suppressed, 'finding')} suppressed by comments`);
  if (report.repositories) {
    out.push('');
    out.push(c.bold(`Repositories (${report.repositories.length}, worst first):`));
    const width = Math.max(...report.repositories.map((r) => lineStartName(r.name).length));
    for (const r of report.repositories) {
      out.push(`  ${pad(lineStartName(r.name), width)}  ${plural(r.errors, 'error')}, ${plural(r.warnings, 'warning')}, ${r.fixable} fixable${r.commit ? c.dim(`  ${r.commit.slice(0, 12)}`) : ''}`);
    }
  }
  const b = report.baseline;
  if (b) {
    out.push(`  Baseline ${b.file}${b.recordedOn ? ` (recorded ${b.recordedOn})` : ''}: ${b.recorded} recorded (warnings), ${b.crossed ?? 0} crossed their date since (errors), ${b.new} new (errors)${b.written ? `; written with ${plural(b.written.findings, 'finding')}, ${b.written.pruned} pruned` : ''}`);
    if ((b.crossedFindings ?? []).length > 0) {
      out.push(c.red(`  ${plural(b.crossedFindings.length, 'recorded finding')} crossed the notice's date since the baseline${b.recordedOn ? ` of ${b.recordedOn}` : ''}:`));
      for (const x of b.crossedFindings) out.push(`    ${printable(x.file)}:${x.line}  ${x.notice}  effective ${x.effective ?? '-'}`);
    }
    if (b.resolved.length > 0 && !b.written) {
      out.push(c.green(`  ${plural(b.resolved.length, 'recorded finding')} resolved (run --baseline-write ${b.file} to drop them):`));
      for (const r of b.resolved) out.push(`    ${r.file}  ${r.notice}${r.text ? `  ${r.text}` : ''}`);
    }
  }
  if (s.timeline.length > 0) {
    out.push('');
    out.push(c.bold('Timeline: ') + s.timeline.map((t) => `${t.label}: ${plural(t.notices, 'notice')}, ${plural(t.findings, 'finding')}`).join('; '));
    // Which changes break code on their date (errors once in force) and which leave the old form working (warnings).
    const breaking = new Map(report.notices.map((n) => [n.id, n.breaking]));
    for (const d of s.byDate) {
      const group = (b: boolean, label: string) => {
        const ids = d.notices.filter((id) => (breaking.get(id) ?? true) === b);
        return ids.length > 0 ? [`${label}: ${ids.join(', ')}`] : [];
      };
      const parts = [...group(true, 'breaking'), ...group(false, 'non-breaking')];
      out.push(`  ${pad(d.effective, 10)}  ${parts.join('; ')} (${plural(d.findings, 'finding')})`);
    }
  }
  const sup = report.suppressions;
  if (sup.expired.length > 0) {
    out.push('');
    out.push(c.yellow(`Expired suppressions (${sup.expired.length}), no longer suppressing:`));
    for (const x of sup.expired) out.push(`  ${x.file}:${x.line}  ${x.ids.join(',') || '(all)'} until ${x.until}`);
  }
  if (sup.invalid.length > 0) {
    out.push('');
    out.push(c.yellow(`Invalid suppression comments (${sup.invalid.length}):`));
    for (const x of sup.invalid) out.push(`  ${x.file}:${x.line}  ${x.problem}`);
  }
  if (sup.unused.length > 0) {
    out.push('');
    out.push(c.yellow(`Unused suppressions (${sup.unused.length}):`));
    for (const x of sup.unused) {
      const what = x.syntax === 'eslint' ? `eslint-${x.kind === 'block' ? 'disable' : `disable-${x.kind}`} ${x.ids.map((id) => `collab-migrate/${id}`).join(', ')}` : `${x.kind} ${x.ids.join(',') || '(all)'}`;
      out.push(`  ${x.file}:${x.line}  ${what}`);
    }
  }
  const skipped = report.files.filter((f) => f.outcome === 'skipped' && f.unanalysed === undefined);
  if (skipped.length > 0) {
    out.push('');
    out.push(c.yellow(`Skipped ${plural(skipped.length, 'file')}:`));
    for (const line of byReason(skipped.map((f) => ({ file: f.file, reason: f.reason ?? '' })))) out.push(`  ${line}`);
  }
  // Last, so a run (and `--fix`) ends with the files it could not look at.
  if (report.unanalysed.length > 0) {
    out.push('');
    out.push(c.bold(c.yellow(`Not analysed (${plural(report.unanalysed.length, 'file')}; findings there may be missing${report.mode === 'scan' ? '' : ', and --fix did not look at them'}):`)));
    for (const line of byReason(report.unanalysed.map((u) => ({ file: u.file, reason: `${u.reason}${u.textLevel ? ' (text-level findings only)' : ''}` })))) out.push(`  ${line}`);
  }
  return out.join('\n') + '\n';
}

function fixSection(report: Report, c: ReturnType<typeof createColors>): string[] {
  const out: string[] = [];
  const dry = report.mode === 'fix-dry-run';
  const touched = report.files.filter((f) => f.outcome !== 'scanned' && f.outcome !== 'skipped');
  const count = (o: ReportFile['outcome']): number => touched.filter((f) => f.outcome === o).length;
  out.push(c.bold(dry ? 'Fix (dry run, nothing written):' : 'Fix:'));
  for (const f of touched) {
    const label = f.outcome === 'fixed' || f.outcome === 'would-fix' ? c.green(f.outcome) : f.outcome === 'failed' ? c.red(f.outcome) : f.outcome;
    const detail = [f.fixed ? plural(f.fixed, 'fix') : '', f.findings ? `${f.findings} left` : '', f.reason ?? ''].filter(Boolean).join(', ');
    out.push(`  ${label}${' '.repeat(Math.max(1, 11 - f.outcome.length))}${f.file}${detail ? `  (${detail})` : ''}`);
  }
  const fixedFiles = count(dry ? 'would-fix' : 'fixed');
  out.push(
    `  ${plural(report.summary.fixed, 'fix')} ${dry ? 'would be applied' : 'applied'} in ${plural(fixedFiles, 'file')}; ` +
      `${count('unchanged')} unchanged, ${count('failed')} failed, ${report.files.filter((f) => f.outcome === 'skipped').length} skipped`,
  );
  const remaining = report.findings;
  if (remaining.length > 0) {
    out.push(c.bold(`Still needs a human (${plural(remaining.length, 'finding')}):`));
    for (const f of remaining) out.push(`  ${f.file}:${f.line}:${f.column}  ${f.noticeId}`);
  }
  out.push('');
  return out;
}
