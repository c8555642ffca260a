/**
 * GitHub Actions workflow commands: one `::error`/`::warning` annotation per finding, its `file` relative to the
 * repository root (GitHub resolves it from there, whichever folder the run started in; SARIF does the same).
 */
import path from 'node:path';
import { printable } from '../../../engine/read/printable.js';
import { repositoryRoot } from './sarif.js';
import type { Report } from '../report.js';
import { SUMMARISE_OVER } from './text.js';

// Control characters from the repository (an ESC sequence in a parser message or a file name) are escaped
// first: the Actions log would interpret them.
function escapeData(s: string): string {
  return s
    .split(/\r?\n/)
    .map((line) => printable(line).replace(/%/g, '%25'))
    .join('%0A');
}

function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * One annotation per file, except that a reason shared by more than SUMMARISE_OVER files is one annotation with
 * the count (100,000 empty files would be 100,000 annotations).
 */
function annotations(level: 'warning' | 'notice', what: string, files: ReadonlyArray<{ file: string; reason: string }>, fromRoot: (file: string) => string): string[] {
  const counts = new Map<string, number>();
  for (const f of files) counts.set(f.reason, (counts.get(f.reason) ?? 0) + 1);
  const said = new Set<string>();
  const out: string[] = [];
  for (const f of files) {
    const n = counts.get(f.reason)!;
    if (n <= SUMMARISE_OVER) out.push(`::${level} file=${escapeProperty(fromRoot(f.file))},title=collab-migrate ${what} this file::${escapeData(f.reason)}`);
    else if (!said.has(f.reason)) {
      said.add(f.reason);
      out.push(`::${level} title=collab-migrate ${what} ${n} files::${escapeData(`${f.reason} (${f.file} and ${n - 1} more; each is listed in --format json)`)}`);
    }
  }
  return out;
}

/** `file` (relative to `cwd`, as reports show it) relative to the repository holding `cwd`, with `/`. */
function rootRelative(cwd: string): (file: string) => string {
  const root = repositoryRoot(cwd);
  return (file) => {
    const rel = path.relative(root, path.resolve(cwd, file));
    return rel.startsWith('..') || path.isAbsolute(rel) ? file : rel.split(path.sep).join('/');
  };
}

export function formatGithub(report: Report, cwd: string = process.cwd()): string {
  const fromRoot = rootRelative(cwd);
  const lines = report.findings.map((f) => {
    const props = [
      `file=${escapeProperty(fromRoot(f.file))}`,
      `line=${f.line}`,
      `col=${f.column}`,
      `endLine=${f.endLine}`,
      `endColumn=${f.endColumn}`,
      `title=${escapeProperty(f.noticeId)}`,
    ].join(',');
    return `::${f.severity === 'error' ? 'error' : 'warning'} ${props}::${escapeData(`${f.message} (${f.when})`)}`;
  });
  const unanalysed = report.unanalysed.map((u) => ({ file: u.file, reason: u.reason + (u.textLevel ? ' (text-level findings only)' : '') }));
  lines.push(...annotations('warning', 'could not analyse', unanalysed, fromRoot));
  const skipped = report.files.filter((f) => f.outcome === 'skipped' && f.unanalysed === undefined).map((f) => ({ file: f.file, reason: f.reason ?? '' }));
  lines.push(...annotations('notice', 'skipped', skipped, fromRoot));
  const s = report.summary;
  const b = report.baseline;
  if (b) lines.push(`collab-migrate baseline ${b.file}${b.recordedOn ? ` (recorded ${b.recordedOn})` : ''}: ${b.recorded} recorded (warnings), ${b.crossed ?? 0} crossed their date since (errors), ${b.new} new (errors), ${b.resolved.length} resolved`);
  lines.push(`collab-migrate: ${s.errors} error(s), ${s.warnings} warning(s), ${s.fixable} fixable, ${s.filesScanned} file(s) scanned, ${s.filesSkipped} skipped${s.generated ? ` (${s.generated} generated: --include-generated scans them)` : ''}, ${s.unanalysed} not analysed`);
  return lines.join('\n') + '\n';
}
