/** GitHub Actions workflow commands: one `::error`/`::warning` annotation per finding. */
import type { Report } from '../report.js';

function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function formatGithub(report: Report): string {
  const lines = report.findings.map((f) => {
    const props = [
      `file=${escapeProperty(f.file)}`,
      `line=${f.line}`,
      `col=${f.column}`,
      `endLine=${f.endLine}`,
      `endColumn=${f.endColumn}`,
      `title=${escapeProperty(f.noticeId)}`,
    ].join(',');
    return `::${f.severity === 'error' ? 'error' : 'warning'} ${props}::${escapeData(`${f.message} (${f.when})`)}`;
  });
  for (const u of report.unanalysed) {
    const what = u.textLevel ? ' (text-level findings only)' : '';
    lines.push(`::warning file=${escapeProperty(u.file)},title=collab-migrate could not analyse this file::${escapeData(u.reason + what)}`);
  }
  for (const f of report.files) {
    if (f.outcome === 'skipped' && f.unanalysed === undefined) lines.push(`::notice file=${escapeProperty(f.file)},title=collab-migrate skipped this file::${escapeData(f.reason ?? '')}`);
  }
  const s = report.summary;
  const b = report.baseline;
  if (b) lines.push(`collab-migrate baseline ${b.file}: ${b.recorded} recorded (warnings until their date), ${b.new} new (errors), ${b.resolved.length} resolved`);
  lines.push(`collab-migrate: ${s.errors} error(s), ${s.warnings} warning(s), ${s.fixable} fixable, ${s.filesScanned} file(s) scanned, ${s.filesSkipped} skipped, ${s.unanalysed} not analysed`);
  return lines.join('\n') + '\n';
}
