/**
 * Why a repository's files are parsed, for `npm run bench` (scripts/bench.ts, its `files:` lines): per detection,
 * how many files it sends to the parser (its tokens are in the file and its gate lets the file through), and which of
 * those detections' tokens the parsed files hold. On a repository that does not call the API every parse is work
 * that finds nothing, and the line names the token behind it: round twenty-four found a front-end application's
 * 464 parses made by one token, `subtle` (Web Crypto's `crypto.subtle`), in 463 files of design-system class names
 * such as `border-subtle` (docs/performance.md); round twenty-seven made `subtle` an object token (prefilter's
 * `objectToken`), written here as `subtle (object)`.
 */
import type { PlannedDetection } from '../engine/analyze.js';
import { TokenScanner, tokenLabel } from '../engine/prefilter/prefilter.js';

/** Counts, over the files a scan parses, the detections that chose each file and the tokens of theirs it holds. */
export class ParseReasons {
  readonly byDetection = new Map<string, number>();
  readonly byToken = new Map<string, number>();
  private readonly scanners = new Map<readonly string[], TokenScanner>();

  /** One parsed file: its text (without a BOM) and the detections it is parsed for (engine/analyze.ts `sourceCandidates`). */
  add(text: string, candidates: readonly PlannedDetection[]): void {
    const tokens = new Set<string>();
    for (const p of candidates) {
      const id = `${p.notice.id}#${p.index}`;
      this.byDetection.set(id, (this.byDetection.get(id) ?? 0) + 1);
      let scanner = this.scanners.get(p.tokens);
      if (!scanner) this.scanners.set(p.tokens, (scanner = new TokenScanner(p.tokens)));
      for (const t of scanner.present(text)) tokens.add(tokenLabel(t));
    }
    for (const t of tokens) this.byToken.set(t, (this.byToken.get(t) ?? 0) + 1);
  }

  /** `parsed for: a#0 463, b#1 12; their tokens: subtle 463, content-type 12` (the `top` largest of each, ties by name). */
  summary(top = 5): string {
    const list = (m: Map<string, number>): string =>
      [...m]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, top)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || 'none';
    return `parsed for: ${list(this.byDetection)}; their tokens: ${list(this.byToken)}`;
  }
}
