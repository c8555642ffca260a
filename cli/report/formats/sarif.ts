/**
 * SARIF 2.1.0 as GitHub code scanning reads it: one `reportingDescriptor` per notice the run looked for, with the
 * descriptions and help (what changed, when, what to do, before and after) an alert page shows; one result per
 * finding with `partialFingerprints` that survive line moves, the autofix as SARIF `fixes`, and paths relative
 * to the repository root (`%SRCROOT%`). Validated in the tests against the published SARIF 2.1.0 JSON schema.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { FINGERPRINT_VERSION } from '../../../engine/findings/fingerprint.js';
import type { Notice, TextEdit } from '../../../engine/types.js';
import { informationUri, webDocsUrl } from '../../package-info.js';
import type { Report, ReportNotice } from '../report.js';
import { isGeneratedReason } from '../../walk/generated.js';
import { lineOf, lineStarts } from '../excerpt.js';
// The SARIF 2.1.0 object model as TypeScript types (types only, nothing at run time).
import type { Log, Notification, Region, ReportingDescriptor, Result } from 'sarif';

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/** The key of our fingerprint in `partialFingerprints` (versioned, as the SARIF spec advises). */
export const FINGERPRINT_KEY = `collabMigrate/${FINGERPRINT_VERSION}`;


/**
 * The SARIF region of a text range: 1-based lines (a line ends at `\n`) and 1-based columns in UTF-16 units. `starts`
 * are the text's line starts ({@link lineStarts}), found once per file: counting the lines before each offset read
 * the file up to it for every edit, and 10,000 autofixes in one file took 29 s (20,000 over 90 s).
 */
export function regionOf(starts: readonly number[], range: readonly [number, number]): Region {
  const at = (offset: number): { line: number; column: number } => {
    const line = lineOf(starts, offset);
    return { line, column: offset - starts[line - 1]! + 1 };
  };
  const s = at(range[0]);
  const e = at(range[1]);
  return { startLine: s.line, startColumn: s.column, endLine: e.line, endColumn: e.column };
}

/** The repository root: the nearest folder at or above `cwd` holding `.git` (a folder, or a file in a worktree); else `cwd`. */
export function repositoryRoot(cwd: string): string {
  let dir = path.resolve(cwd);
  for (;;) {
    if (existsSync(path.join(dir, '.git'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(cwd);
    dir = parent;
  }
}

/** PascalCase name of a notice id, as SARIF `reportingDescriptor.name` suggests. */
function ruleName(id: string): string {
  return id.replace(/(^|-)([a-z0-9])/g, (_, __, ch: string) => ch.toUpperCase());
}

function whenSentence(n: Pick<Notice, 'status' | 'effective' | 'effectiveText'>): string {
  if (n.status === 'contract') return 'This is a standing rule of the API (no date): it applies now.';
  if (n.status === 'pending') return 'Announced without a date yet: reported as a warning until a date is set.';
  return `Effective ${n.effectiveText && n.effectiveText !== n.effective ? `${n.effective} (the platform says "${n.effectiveText}")` : n.effective}: a warning ahead of that day, an error from it.`;
}

const FENCE_LANGUAGE: Record<string, string> = { env: 'sh', text: '' };

function fence(code: string, language: string): string {
  const ticks = code.includes('```') ? '````' : '```';
  return `${ticks}${FENCE_LANGUAGE[language] ?? language}\n${code.replace(/\n$/, '')}\n${ticks}`;
}

/** The rule's help: what changed, when, what to do, the before/after example and the docs link. */
function helpOf(n: Notice): { text: string; markdown: string } {
  const fixText = n.fix === 'autofix' ? 'Run `npx collab-migrate --fix` (or `eslint --fix`) to apply the autofix.' : n.fix === 'suggestion' ? 'Your editor offers the change as an ESLint suggestion; review it before applying.' : 'No automatic fix: change the code by hand.';
  const text = [n.summary, '', whenSentence(n), '', `What to do: ${n.instead}`, fixText];
  const markdown = [`**${n.title}**`, '', n.summary, '', `**When:** ${whenSentence(n)}`, '', `**What to do:** ${n.instead}`, '', fixText];
  if (n.example) {
    text.push('', 'Before:', n.example.before, '', 'After:', n.example.after);
    markdown.push('', 'Before:', '', fence(n.example.before, n.example.language), '', 'After:', '', fence(n.example.after, n.example.language));
  }
  if (n.source.docs !== undefined) {
    text.push('', `Platform documentation: ${n.source.docs}`);
    markdown.push('', `[The platform's documentation of this API](${n.source.docs})`);
  }
  if (n.source.url !== undefined) {
    if (n.source.docs !== undefined) text.push(`Announced in: ${n.source.url}`);
    else text.push('', `Platform documentation: ${n.source.url}`);
    markdown.push('', `[The platform's announcement of this change](${n.source.url})`);
  }
  const docs = webDocsUrl(n.id);
  if (docs !== undefined) {
    text.push(`Notice documentation: ${docs}`);
    markdown.push('', `[collab-migrate documentation of ${n.id}](${docs})`);
  }
  return { text: text.join('\n'), markdown: markdown.join('\n') };
}

function helpUriOf(r: ReportNotice, notice: Notice | undefined): string {
  const url = r.docs ?? webDocsUrl(r.id) ?? r.source ?? notice?.source.docs ?? notice?.source.url;
  return url !== undefined && /^https:\/\//.test(url) ? url : informationUri();
}

function descriptorOf(r: ReportNotice, notice: Notice | undefined): ReportingDescriptor {
  const descriptor: ReportingDescriptor = {
    id: r.id,
    name: ruleName(r.id),
    shortDescription: { text: r.title },
    fullDescription: { text: notice?.summary ?? r.title },
    // An https page always: this notice's page on the web, else the platform's page for the change.
    helpUri: helpUriOf(r, notice),
    defaultConfiguration: { level: r.severity === 'error' ? 'error' : 'warning' },
  };
  if (notice) descriptor.help = helpOf(notice);
  const tags = ['collab-migrate', 'api-migration', r.status];
  if (notice) tags.push(notice.area, notice.breaking ? 'breaking-change' : 'deprecation');
  // No `security-severity`: these are compatibility problems, and code scanning would file them as
  // security alerts with a CVSS-like score they do not have.
  descriptor.properties = { status: r.status, effective: r.effective, countdown: r.countdown, fix: r.fix, tags: [...new Set(tags)] };
  return descriptor;
}

export interface SarifOptions {
  /** Run category for `automationDetails.id` (`<category>/<today>`); none without it, so upload-sarif's `category` applies. */
  category?: string;
  /** The notices the run looked for, for the rules' help texts. */
  notices?: readonly Notice[];
}

export function formatSarif(report: Report, texts: ReadonlyMap<string, string>, cwd: string, options: SarifOptions = {}): string {
  const root = repositoryRoot(cwd);
  const uriOf = (file: string): string =>
    path
      .relative(root, path.resolve(cwd, file))
      .split(path.sep)
      .map(encodeURIComponent)
      .join('/');
  const byId = new Map((options.notices ?? []).map((n) => [n.id, n]));
  const ruleIndex = new Map(report.notices.map((n, i) => [n.id, i]));
  const rules = report.notices.map((n) => descriptorOf(n, byId.get(n.id)));
  const startsByFile = new Map<string, number[]>();
  const startsOf = (file: string, text: string): number[] => {
    let starts = startsByFile.get(file);
    if (!starts) startsByFile.set(file, (starts = lineStarts(text)));
    return starts;
  };
  const results = report.findings.map((f): Result => {
    const result: Result = {
      ruleId: f.noticeId,
      level: f.severity === 'error' ? 'error' : 'warning',
      message: { text: `${f.message} (${f.when})` },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: uriOf(f.file), uriBaseId: '%SRCROOT%' },
            region: { startLine: f.line, startColumn: f.column, endLine: f.endLine, endColumn: f.endColumn },
          },
        },
      ],
      partialFingerprints: { [FINGERPRINT_KEY]: f.fingerprint },
      properties: { daysUntilEffective: f.daysUntilEffective, effective: f.effective, status: f.status, fixable: f.fixable, confidence: f.confidence, confidenceReason: f.confidenceReason, ...(f.fixForm ? { fixForm: f.fixForm } : {}) },
    };
    const index = ruleIndex.get(f.noticeId);
    if (index !== undefined) result.ruleIndex = index;
    const text = texts.get(f.file);
    if (f.edits && f.edits.length > 0 && text !== undefined) {
      result.fixes = [
        {
          description: { text: `collab-migrate autofix for ${f.noticeId}` },
          artifactChanges: [
            {
              artifactLocation: { uri: uriOf(f.file), uriBaseId: '%SRCROOT%' },
              replacements: f.edits.map((e: TextEdit) => ({ deletedRegion: regionOf(startsOf(f.file, text), e.range), insertedContent: { text: e.text } })),
            },
          ],
        },
      ];
    }
    return result;
  });
  const notifications = report.files
    .filter((f) => f.outcome === 'skipped' || f.outcome === 'failed' || f.unanalysed !== undefined)
    .map((f): Notification => ({
      level: 'warning',
      // An unanalysed file (issue 13) is said so; `properties.unanalysed` lets a consumer count them.
      message: { text: f.unanalysed !== undefined ? `Not analysed: ${f.unanalysed}${f.outcome === 'skipped' ? '' : ' (text-level findings only)'}` : `${f.outcome === 'failed' ? 'Not fixed' : 'Skipped'}: ${f.reason ?? ''}` },
      locations: [{ physicalLocation: { artifactLocation: { uri: uriOf(f.file), uriBaseId: '%SRCROOT%' } } }],
      ...(f.unanalysed !== undefined ? { properties: { unanalysed: true } } : f.outcome === 'skipped' && isGeneratedReason(f.reason ?? '') ? { properties: { generated: true } } : {}),
    }));
  const log: Log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: report.tool.name,
            version: report.tool.version,
            semanticVersion: report.tool.version,
            informationUri: informationUri(),
            rules,
          },
        },
        // Only when asked (`--sarif-category`): upload-sarif ignores its own `category` input when the SARIF has one.
        ...(options.category !== undefined ? { automationDetails: { id: `${options.category}/${report.today}` } } : {}),
        // No `uri`: a `file:` address of this machine means nothing where the log is read; consumers (code
        // scanning) resolve `%SRCROOT%` to the checkout.
        originalUriBaseIds: { '%SRCROOT%': { description: { text: 'The root of the scanned repository.' } } },
        invocations: [{ executionSuccessful: true, toolExecutionNotifications: notifications }],
        results,
        properties: { today: report.today, before: report.before, warnWithinDays: report.warnWithinDays, catalogReviewed: report.catalog?.reviewed, catalogStale: report.catalog?.stale, generatedSkipped: report.summary.generated ?? 0 },
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
}
