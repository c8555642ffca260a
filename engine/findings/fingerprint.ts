/**
 * Stage `engine/findings/`: what happens to a finding after detection, the same in every adapter. It owns its
 * fingerprint (this file), suppression comments (suppressions.ts) and the baseline file (baseline.ts).
 *
 * Finding fingerprints: the same finding gets the same fingerprint when lines are added or removed above it,
 * when its indentation changes, and across runs, so a baseline (`--baseline`) and SARIF `partialFingerprints`
 * recognise it. The fingerprint hashes the notice id, the matched text and the text of the lines it is on,
 * whitespace runs collapsed; the line number is not part of it. Identical findings in one file are told
 * apart by their order (`:1`, `:2`, ...).
 *
 * @packageDocumentation
 */
import { createHash } from 'node:crypto';
import { positionAt } from '../parse/positions.js';

/** Version of the fingerprint recipe; a change of recipe changes this prefix, so old baselines are recognised as such. */
export const FINGERPRINT_VERSION = 'v1';

function normalise(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * The longest normalised text (the matched text, or the lines it is on) hashed as it is. Longer text (a minified
 * line, a generated one) is hashed once per file and its digest stands in its place, so a file's fingerprints
 * cost time linear in its size: 8,000 findings on one 367 KB line normalised and hashed the line 8,000 times
 * (57.7 s, 3 GB; issue 28). Fingerprints of findings on lines up to this length are as before.
 */
export const MAX_HASHED_TEXT = 4096;

/** Offsets where each line starts (line 1 at index 0). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The index in `starts` of the line holding `offset` (the parse stage's binary search). */
function lineIndex(starts: readonly number[], offset: number): number {
  return positionAt(starts, offset).line - 1;
}

/** Where the whole lines a range touches start and end (as `linesAround` before: up to the range's end at least). */
function linesSpan(text: string, starts: readonly number[], range: readonly [number, number]): [number, number] {
  const start = starts[lineIndex(starts, Math.max(0, range[0]))];
  const last = Math.max(range[1], range[0] + 1) - 1;
  const next = lineIndex(starts, Math.max(0, last)) + 1;
  // The newline ending the line of the range's last character (or the text's end): the first at or after it.
  const end = next < starts.length ? starts[next] - 1 : text.length;
  return [start, Math.max(end, range[1])];
}

/** Normalised text, or for text over {@link MAX_HASHED_TEXT} the digest of it (cached by the caller per span). */
function normalisedOrDigest(raw: string): string {
  const norm = normalise(raw);
  return norm.length > MAX_HASHED_TEXT ? `sha256:${createHash('sha256').update(norm).digest('hex')}` : norm;
}

/** The fingerprint of one match, before duplicates are numbered. */
export function matchFingerprint(noticeId: string, text: string, range: readonly [number, number]): string {
  return fingerprintAll(text, [{ noticeId, range }])[0];
}

function hashOf(noticeId: string, matched: string, lines: string): string {
  const hash = createHash('sha256');
  hash.update(`${FINGERPRINT_VERSION}\0${noticeId}\0${matched}\0${lines}`);
  return hash.digest('hex').slice(0, 32);
}

/**
 * Fingerprints of one file's matches, in the order given (source order): identical ones get `:2`, `:3`, ...
 * after the first, so each finding has its own and moving a block keeps them. Each span of text is normalised
 * once per file.
 */
export function fingerprintAll(text: string, matches: readonly { noticeId: string; range: readonly [number, number] }[]): string[] {
  const seen = new Map<string, number>();
  const starts = matches.length > 0 ? lineStarts(text) : [];
  const spans = new Map<string, string>();
  const span = (from: number, to: number): string => {
    const key = `${from}:${to}`;
    let value = spans.get(key);
    if (value === undefined) spans.set(key, (value = normalisedOrDigest(text.slice(from, to))));
    return value;
  };
  return matches.map((m) => {
    const [from, to] = linesSpan(text, starts, m.range);
    const base = hashOf(m.noticeId, span(m.range[0], m.range[1]), span(from, to));
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}:${n}`;
  });
}
