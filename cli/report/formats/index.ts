/**
 * Every report format by name: `--format NAME` writes one to stdout (or `--output`), and `--NAME-output FILE`
 * writes more from the same run. A format is a function of the report and the run's context; adding one is
 * adding a line here and a name to FORMATS (cli/config/settings.ts). Each format's module is loaded when a run
 * asks for it (text, the default, is always there): a scan that prints text does not load the HTML report's template, assets and timeline, SARIF or
 * Markdown (issue 30, item 2: the command line's start-up).
 */
import type { Notice } from '../../../engine/types.js';
import type { Format } from '../../config/settings.js';
import type { NoticeCounts } from '../digest.js';
import { toJson, type Report } from '../report.js';
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

const LOADERS: Record<Format, () => Promise<Formatter>> = {
  text: async () => (report, ctx) => formatText(report, { color: ctx.color }),
  json: async () => (report) => toJson(report),
  sarif: async () => {
    const { formatSarif } = await import('./sarif.js');
    return (report, ctx) => formatSarif(report, ctx.texts, ctx.cwd, { notices: ctx.notices, ...(ctx.category !== undefined ? { category: ctx.category } : {}) });
  },
  github: async () => {
    const { formatGithub } = await import('./github.js');
    return (report, ctx) => formatGithub(report, ctx.cwd);
  },
  markdown: async () => {
    const { formatMarkdown } = await import('./markdown.js');
    return (report, ctx) => formatMarkdown(report, ctx.counts ? { counts: ctx.counts } : {});
  },
  html: async () => {
    const { formatHtml } = await import('./html.js');
    return (report, ctx) => formatHtml(report, ctx.counts ? { counts: ctx.counts } : {});
  },
};

/** The format's function, its module loaded on first use. */
export function formatter(format: Format): Promise<Formatter> {
  return LOADERS[format]();
}
