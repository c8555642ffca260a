/**
 * Every report format by name: `--format NAME` writes one to stdout (or `--output`), and `--NAME-output FILE`
 * writes more from the same run. A format is a function of the report and the run's context; adding one is
 * adding a line here and a name to FORMATS (cli/config/settings.ts).
 */
import type { Notice } from '../../../engine/types.js';
import type { Format } from '../../config/settings.js';
import type { NoticeCounts } from '../digest.js';
import { toJson, type Report } from '../report.js';
import { formatGithub } from './github.js';
import { formatHtml } from './html.js';
import { formatMarkdown } from './markdown.js';
import { formatSarif } from './sarif.js';
import { formatText } from './text.js';

/** What a format may need besides the report. */
export interface FormatContext {
  /** File texts by display path (SARIF regions of fixes). */
  texts: ReadonlyMap<string, string>;
  /** The working directory: report paths are relative to it. */
  cwd: string;
  /** Colours for the text format. */
  color: boolean;
  /** SARIF `automationDetails.id` prefix (`--sarif-category`). */
  category?: string;
  /** The notices the run looked for (SARIF rule help). */
  notices: readonly Notice[];
  /** A streamed merge: per notice, counts over every finding where the report lists only some. */
  counts?: ReadonlyMap<string, NoticeCounts>;
}

export type Formatter = (report: Report, ctx: FormatContext) => string;

export const FORMATTERS: Record<Format, Formatter> = {
  text: (report, ctx) => formatText(report, { color: ctx.color }),
  json: (report) => toJson(report),
  sarif: (report, ctx) => formatSarif(report, ctx.texts, ctx.cwd, { notices: ctx.notices, ...(ctx.category !== undefined ? { category: ctx.category } : {}) }),
  github: (report, ctx) => formatGithub(report, ctx.cwd),
  markdown: (report, ctx) => formatMarkdown(report, ctx.counts ? { counts: ctx.counts } : {}),
  html: (report, ctx) => formatHtml(report, ctx.counts ? { counts: ctx.counts } : {}),
};
