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

/** Version of the fingerprint recipe; a change of recipe changes this prefix, so old baselines are recognised as such. */
export const FINGERPRINT_VERSION = 'v1';

function normalise(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** The text of the whole lines a range touches. */
function linesAround(text: string, range: readonly [number, number]): string {
  const start = text.lastIndexOf('\n', range[0] - 1) + 1;
  let end = text.indexOf('\n', Math.max(range[1], range[0] + 1) - 1);
  if (end < 0) end = text.length;
  return text.slice(start, Math.max(end, range[1]));
}

/** The fingerprint of one match, before duplicates are numbered. */
export function matchFingerprint(noticeId: string, text: string, range: readonly [number, number]): string {
  const hash = createHash('sha256');
  hash.update(`${FINGERPRINT_VERSION}\0${noticeId}\0${normalise(text.slice(range[0], range[1]))}\0${normalise(linesAround(text, range))}`);
  return hash.digest('hex').slice(0, 32);
}

/**
 * Fingerprints of one file's matches, in the order given (source order): identical ones get `:2`, `:3`, ...
 * after the first, so each finding has its own and moving a block keeps them.
 */
export function fingerprintAll(text: string, matches: readonly { noticeId: string; range: readonly [number, number] }[]): string[] {
  const seen = new Map<string, number>();
  return matches.map((m) => {
    const base = matchFingerprint(m.noticeId, text, m.range);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}:${n}`;
  });
}
