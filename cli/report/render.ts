/** One report in one output format: the switch every command that writes a report shares. */
import type { Format } from '../config/settings.js';
import { formatGithub } from './formats/github.js';
import { formatHtml } from './formats/html.js';
import { formatMarkdown } from './formats/markdown.js';
import { formatSarif } from './formats/sarif.js';
import { formatText } from './formats/text.js';
import { toJson, type Report } from './report.js';

export interface RenderContext {
  /** Source texts by display path (SARIF fixes need them); empty for merged reports. */
  texts: ReadonlyMap<string, string>;
  cwd: string;
  color: boolean;
}

export function renderReport(format: Format, report: Report, ctx: RenderContext): string {
  switch (format) {
    case 'json':
      return toJson(report);
    case 'sarif':
      return formatSarif(report, ctx.texts, ctx.cwd);
    case 'github':
      return formatGithub(report);
    case 'markdown':
      return formatMarkdown(report);
    case 'html':
      return formatHtml(report);
    case 'text':
      return formatText(report, { color: ctx.color });
  }
}
