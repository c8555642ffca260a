/**
 * The files collab-migrate itself writes (JSON and SARIF reports, merged reports, baselines, the result cache)
 * are never findings: they quote the code they report on. The run's configured paths are left out by the walk
 * (`leaveOut`); a file written by another run, or renamed, is recognised here by its opening, which our writers
 * produce in a fixed shape (JSON.stringify with known first keys). Text only, no parse: the walker thread loads
 * this, and a look at the first characters is enough.
 */

/** Every skip reason for one of our own files starts with this (cli/report/unanalysed.ts). */
export const OWN_FILE = 'written by collab-migrate';

/** How far into a file its opening is looked at. */
const HEAD = 2000;

const SIGNATURES: ReadonlyArray<readonly [RegExp, string]> = [
  // `--format json` and `collab-migrate merge`: {"version": 1, "tool": {"name": "collab-migrate", ...
  [/^\{\s*"version":\s*\d+,\s*"tool":\s*\{\s*"name":\s*"collab-migrate"/, 'a JSON report'],
  // `--format sarif`: the run's driver is named first in its tool.
  [/^\{\s*"\$schema":\s*"[^"]*sarif[^"]*",\s*"version":\s*"2\.1\.0",\s*"runs":\s*\[\s*\{\s*"tool":\s*\{\s*"driver":\s*\{\s*"name":\s*"collab-migrate"/, 'a SARIF report'],
  // `--baseline-write`: with its schema reference, or (edited by hand) its first entry's keys in our order.
  [/^\{\s*"\$schema":\s*"[^"]*collab-migrate\/baseline\.schema\.json"/, 'a baseline'],
  [/^\{\s*"version":\s*1,\s*(?:"recorded":\s*"[\d-]+",\s*)?"findings":\s*\[\s*(?:\]|\{\s*"file":\s*"(?:[^"\\]|\\.)*",\s*"notice":\s*"[a-z0-9-]+",\s*"fingerprint":\s*"[0-9a-f]{32})/, 'a baseline'],
  // `--cache`: {"format":3,"key":"<sha1>","startedAt":...,"entries":
  [/^\{"format":\d+,"key":"[0-9a-f]{40}","startedAt":\d+,"entries":/, 'its result cache'],
];

/**
 * `--format html` (and the organisation page): its head names the tool as the page's generator. HTML pages are read
 * for their inline scripts (engine/read/script-blocks.ts), and a report quotes the code it reports on.
 */
export const HTML_REPORT = /^<!doctype html>\s*<html lang="en">\s*<head>\s*<meta charset="utf-8">\s*<meta name="viewport"[^>]*>\s*<meta http-equiv="Content-Security-Policy"[^>]*>\s*<meta name="generator" content="collab-migrate [^"<>]*">/i;

/** Why a file is one collab-migrate wrote (`written by collab-migrate (a baseline)`), or undefined. */
export function ownFileByText(text: string): string | undefined {
  const head = text.slice(0, HEAD).replace(/^\uFEFF/, '');
  if (HTML_REPORT.test(head)) return `${OWN_FILE} (an HTML report)`;
  if (!head.startsWith('{')) return undefined;
  for (const [signature, what] of SIGNATURES) if (signature.test(head)) return `${OWN_FILE} (${what})`;
  return undefined;
}
