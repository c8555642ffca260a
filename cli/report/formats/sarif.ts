/**
 * SARIF 2.1.0: one `reportingDescriptor` per notice the run looked for, one result per finding, with
 * `properties.daysUntilEffective` and the autofix as SARIF `fixes`. Validated in the tests against the
 * published SARIF 2.1.0 JSON schema.
 */
import { pathToFileURL } from 'node:url';
import type { TextEdit } from '../../../engine/types.js';
import { docsUrl, informationUri } from '../../package-info.js';
import type { Report } from '../report.js';

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

interface Region {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

function regionOf(text: string, range: readonly [number, number]): Region {
  const at = (offset: number): { line: number; column: number } => {
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < offset && i < text.length; i++) {
      if (text.charCodeAt(i) === 10) {
        line++;
        lineStart = i + 1;
      }
    }
    return { line, column: offset - lineStart + 1 };
  };
  const s = at(range[0]);
  const e = at(range[1]);
  return { startLine: s.line, startColumn: s.column, endLine: e.line, endColumn: e.column };
}

function uriOf(file: string): string {
  return file.split('/').map(encodeURIComponent).join('/');
}

/** PascalCase name of a notice id, as SARIF `reportingDescriptor.name` suggests. */
function ruleName(id: string): string {
  return id.replace(/(^|-)([a-z0-9])/g, (_, __, ch: string) => ch.toUpperCase());
}

export function formatSarif(report: Report, texts: ReadonlyMap<string, string>, cwd: string): string {
  const ruleIndex = new Map(report.notices.map((n, i) => [n.id, i]));
  const rules = report.notices.map((n) => ({
    id: n.id,
    name: ruleName(n.id),
    shortDescription: { text: n.title },
    helpUri: docsUrl(n.id),
    defaultConfiguration: { level: n.severity === 'error' ? 'error' : 'warning' },
    properties: {
      status: n.status,
      effective: n.effective,
      countdown: n.countdown,
      fix: n.fix,
      tags: ['collab-migrate', n.status],
    },
  }));
  const results = report.findings.map((f) => {
    const result: Record<string, unknown> = {
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
      properties: { daysUntilEffective: f.daysUntilEffective, effective: f.effective, status: f.status, ...(f.fixForm ? { fixForm: f.fixForm } : {}) },
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
              replacements: f.edits.map((e: TextEdit) => ({ deletedRegion: regionOf(text, e.range), insertedContent: { text: e.text } })),
            },
          ],
        },
      ];
    }
    return result;
  });
  const notifications = report.files
    .filter((f) => f.outcome === 'skipped' || f.outcome === 'failed')
    .map((f) => ({
      level: 'warning',
      message: { text: `${f.outcome === 'failed' ? 'Not fixed' : 'Skipped'}: ${f.reason ?? ''}` },
      locations: [{ physicalLocation: { artifactLocation: { uri: uriOf(f.file), uriBaseId: '%SRCROOT%' } } }],
    }));
  const srcroot = pathToFileURL(cwd.endsWith('/') ? cwd : `${cwd}/`).href;
  const log = {
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
        originalUriBaseIds: { '%SRCROOT%': { uri: srcroot } },
        invocations: [{ executionSuccessful: true, toolExecutionNotifications: notifications }],
        results,
        properties: { today: report.today, before: report.before, warnWithinDays: report.warnWithinDays },
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
}
