/**
 * Which entries of a folder the patterns of one ignore file could match at all, read from the patterns'
 * text: so the walk asks the `ignore` library only about those. On babel (a 57-pattern .gitignore, 40,000
 * folder entries) running every pattern's regular expression on every entry was a third of the walk, and
 * almost no entry matches any pattern.
 *
 * The answer is an over-approximation: "may match" whenever in doubt (a pattern with escapes, tabs or
 * characters outside ASCII, a name outside ASCII), so it can only send the library more entries than needed,
 * never fewer. A bracket class (`*.[568vq]`, `report.[0-9]*.json`, `[._]*.s[a-w][a-z]`) is read as any one
 * character, which is wider than the library's class (an unclosed `[` makes it a class that matches nothing);
 * spaces inside a name (`Network Trash Folder`), `$`, parentheses, `:`, `&`, `'` and a `!` or `#` after the
 * first character (`$RECYCLE.BIN/`, `app/(payload)/x.js`, `Thumbs.db:encryptable`) are literal characters to
 * the library as to git. Such lines are in the common templates of `.gitignore`
 * files (macOS, Sublime Text, Go, Vim, Node's `report.[0-9]*...json`): round twenty-four found them in 11 of
 * payload's 89 ignore files and 18 of openshift/console's 87, each sending every name below it to the library. An entry no pattern can match gets the verdict the library would give it: that
 * of its folder (a file in an ignored folder is ignored; see files.ts). What it relies on: a pattern's
 * regular expression only matches a path whose last name matches the pattern's last part (a match of a
 * folder above is the library's parent check, which files.ts keeps), case-insensitively; a pattern with no
 * slash but a trailing one matches at any depth, one with a slash only below its own folder, part by part,
 * where `**` stands for any number of folders. test/cli/walk/ignore-scope.test.ts checks this against the
 * library on generated patterns and paths.
 */

/** The names a set of patterns may match in one folder. */
export interface NameFilter {
  /** Any name may match (the library decides each). */
  readonly any: boolean;
  /** Lower-case names that may match. */
  readonly names: ReadonlySet<string>;
  /** Lower-case endings (`*.log` gives `.log`) a name may match by. */
  readonly suffixes: readonly string[];
  /** Other wildcard names (`*.sublime-*`, `._*`), as case-insensitive tests at least as wide as the pattern. */
  readonly globs: readonly NameTest[];
}

/** Where the walk stands, for one ignore file: the patterns that may still match below, and the names that may match here. */
export interface ScopeState {
  /** Patterns with a slash still in play: pattern index * {@link MAX_PARTS} + the index of the part the next name meets. */
  readonly states: readonly number[];
  readonly filter: NameFilter;
}

/** A pattern, as far as the scope goes: its parts (folders then the last name; `**` for any number of folders). */
interface Shape {
  parts: readonly Part[];
}

/** A test of one name (an ASCII one: others may match whatever the pattern). */
export interface NameTest {
  test(name: string): boolean;
}

/** One part: `**`, or a name test (exact, ending, or any name). */
type Part = { kind: 'deep' } | { kind: 'name'; lower: string } | { kind: 'suffix'; lower: string } | { kind: 'glob'; glob: NameTest } | { kind: 'any' };

const MAX_PARTS = 64;
/** Characters a pattern part may hold to be read here (others make the pattern match any name). */
const PLAIN = /^[A-Za-z0-9._\-@+~%,=*? $()[\]:!#&']+$/;
const ASCII = /^[\x00-\x7f]*$/;

const NOTHING: NameFilter = { any: false, names: new Set(), suffixes: [], globs: [] };
const ANY: NameFilter = { any: true, names: new Set(), suffixes: [], globs: [] };

/** Whether a name may match a filter. */
export function mayMatch(filter: NameFilter, name: string): boolean {
  if (filter.any) return true;
  if (filter.names.size === 0 && filter.suffixes.length === 0 && filter.globs.length === 0) return false;
  // Case-insensitive matching beyond ASCII (`ς` and `σ`) is left to the library.
  if (!ASCII.test(name)) return true;
  const lower = name.toLowerCase();
  if (filter.names.has(lower)) return true;
  for (const suffix of filter.suffixes) if (lower.endsWith(suffix)) return true;
  for (const glob of filter.globs) if (glob.test(name)) return true;
  return false;
}

/** The shape of one line of an ignore file: undefined for no pattern (blank, comment), 'any' when it is not read here. */
function shapeOf(line: string): Shape | 'any' | undefined {
  let body = line;
  while (body.endsWith(' ')) body = body.slice(0, -1);
  if (body === '' || body.startsWith('#')) return undefined;
  if (body.startsWith('!')) body = body.slice(1);
  if (body.endsWith('/')) body = body.slice(0, -1);
  if (body === '' || !PLAIN.test(body.replaceAll('/', ''))) return 'any';
  // A slash at the start or in the middle ties the pattern to its folder; without one it matches at any depth.
  const anchored = body.includes('/');
  if (body.startsWith('/')) body = body.slice(1);
  const texts = anchored ? body.split('/') : ['**', body];
  // A `[` whose `]` is not in the same part (`a[/]b`), or a class that starts with `]` (`[]a]`, `[!]a]`: where
  // that `]` belongs is the library's reading), is left to the library.
  // (The last `[` after the last `]`, rather than `/\[[^\]]*$/`, which read to the end from every `[`: 100,000 `[`
  // on one line of a .gitignore held the walk for minutes.)
  if (texts.length >= MAX_PARTS || texts.some((t) => t === '' || (t.includes('**') && t !== '**') || t.lastIndexOf('[') > t.lastIndexOf(']') || /\[[!^]?\]/.test(t))) return 'any';
  return { parts: texts.map(partOf) };
}

function partOf(text: string): Part {
  if (text === '**') return { kind: 'deep' };
  if (!/[*?[]/.test(text)) return { kind: 'name', lower: text.toLowerCase() };
  if (text.startsWith('*') && !/[*?[]/.test(text.slice(1))) return { kind: 'suffix', lower: text.slice(1).toLowerCase() };
  return { kind: 'glob', glob: globOf(text) };
}

/** A wildcard piece: a run of `*` and `?` (any run of characters), any one character, or a literal's lower-case code. */
const RUN = -1;
const ONE = -2;

/**
 * A wildcard part as a test at least as wide as the library's: `*` and `?` as any run of characters (wider than
 * either), a bracket class `[...]` (or a `[` without its `]`) as any one character, and every other character
 * literal, case-insensitively (ASCII); no piece matches a line break. It answers as `^...$` with `.*`, `.` and the
 * literals did (flag `i`), by one pass that goes back only to the last run: that expression backtracked into
 * every run (`*a*a*a...*b` from a .gitignore against a 120-character name never ended).
 */
function globOf(text: string): NameTest {
  const pieces: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '*' || c === '?') {
      while (text[i + 1] === '*' || text[i + 1] === '?') i++;
      pieces.push(RUN);
    } else if (c === '[') {
      const close = text.indexOf(']', i + 1);
      if (close !== -1) i = close;
      pieces.push(ONE);
    } else pieces.push(lowerCode(text.charCodeAt(i)));
  }
  // The literals after the last run: a name must end with them (most names are turned away here).
  let tail = pieces.length;
  while (tail > 0 && pieces[tail - 1] !== RUN) tail--;
  return { test: (name) => globMatches(pieces, tail, name) };
}

function lowerCode(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

/**
 * Whether an ASCII name matches a wildcard part's pieces (`tail`: where the pieces after the last run start): the
 * usual greedy match that, on a mismatch, lets the last run take one character more (O(name x pieces) at worst).
 */
function globMatches(pieces: readonly number[], tail: number, name: string): boolean {
  const n = name.length;
  const after = pieces.length - tail;
  if (tail > 0 && after > 0) {
    if (n < after) return false;
    for (let k = 0; k < after; k++) {
      const piece = pieces[tail + k];
      const c = name.charCodeAt(n - after + k);
      if (c === 10 || c === 13 || (piece !== ONE && piece !== lowerCode(c))) return false;
    }
  }
  let p = 0;
  let i = 0;
  let run = -1;
  let runAt = 0;
  while (i < n) {
    const c = name.charCodeAt(i);
    // No piece matches a line break (as `.` did not).
    if (c === 10 || c === 13) return false;
    const piece = p < pieces.length ? pieces[p] : undefined;
    if (piece === RUN) {
      run = p++;
      runAt = i;
    } else if (piece !== undefined && (piece === ONE || piece === lowerCode(c))) {
      p++;
      i++;
    } else if (run >= 0) {
      p = run + 1;
      i = ++runAt;
    } else return false;
  }
  while (p < pieces.length && pieces[p] === RUN) p++;
  return p === pieces.length;
}

/** Whether a folder's (or an entry's) name may match a part that is not `**`. */
function partMatches(part: Part, name: string): boolean {
  switch (part.kind) {
    case 'deep':
    case 'any':
      return true;
    case 'name':
      return !ASCII.test(name) || name.toLowerCase() === part.lower;
    case 'suffix':
      return !ASCII.test(name) || name.toLowerCase().endsWith(part.lower);
    case 'glob':
      return !ASCII.test(name) || part.glob.test(name);
  }
}

/** The scope of one ignore file's patterns. */
export class IgnoreScope {
  private readonly shapes: Shape[] = [];
  /** The names patterns without a slash may match, in every folder. */
  private readonly everywhere: NameFilter;
  /** The state at the ignore file's own folder. */
  readonly root: ScopeState;

  /** `texts`: the ignore files read into one `Ignore` (`.gitignore`, then `.collab-migrateignore`). */
  constructor(texts: readonly string[]) {
    const lines = texts.flatMap((text) => text.split(/\r?\n/));
    let any = false;
    const names = new Set<string>();
    const suffixes: string[] = [];
    const globs: NameTest[] = [];
    const start: number[] = [];
    for (const line of lines) {
      const shape = shapeOf(line);
      if (shape === undefined) continue;
      if (shape === 'any') {
        any = true;
        continue;
      }
      const { parts } = shape;
      if (parts.length === 2 && parts[0].kind === 'deep') {
        // Matches by its last name in every folder.
        const last = parts[1];
        if (last.kind === 'name') names.add(last.lower);
        else if (last.kind === 'suffix') suffixes.push(last.lower);
        else if (last.kind === 'glob') globs.push(last.glob);
        else any = true;
        continue;
      }
      this.shapes.push(shape);
      this.add(start, (this.shapes.length - 1) * MAX_PARTS);
    }
    this.everywhere = any ? ANY : names.size || suffixes.length || globs.length ? { any: false, names, suffixes, globs } : NOTHING;
    this.root = this.stateOf(start);
  }

  /** The state in folder `name` of the folder whose state is `state`. */
  enter(state: ScopeState, name: string): ScopeState {
    const { states } = state;
    if (states.length === 0) return state;
    const next: number[] = [];
    for (const s of states) {
      const parts = this.shapes[Math.floor(s / MAX_PARTS)].parts;
      const at = s % MAX_PARTS;
      const part = parts[at];
      // `**` takes this folder and stays; a name part must match and moves on (the last part names entries, not folders).
      if (part.kind === 'deep') this.add(next, s);
      else if (at < parts.length - 1 && partMatches(part, name)) this.add(next, s + 1);
    }
    // Mostly nothing changes (below the `**` of `**/test/**/x`, in every folder but a `test/`).
    if (next.length === states.length && next.every((s) => states.includes(s))) return state;
    return this.stateOf(next);
  }

  /** Adds state `s` to `states`, and the state after it when `s` is at a `**` (which may stand for no folder). */
  private add(states: number[], s: number): void {
    if (states.includes(s)) return;
    states.push(s);
    const parts = this.shapes[Math.floor(s / MAX_PARTS)].parts;
    const at = s % MAX_PARTS;
    if (parts[at].kind === 'deep' && at < parts.length - 1) this.add(states, s + 1);
  }

  private stateOf(states: number[]): ScopeState {
    let any = this.everywhere.any;
    let names: Set<string> | undefined;
    let suffixes: string[] | undefined;
    let globs: NameTest[] | undefined;
    for (const s of states) {
      const parts = this.shapes[Math.floor(s / MAX_PARTS)].parts;
      const at = s % MAX_PARTS;
      // Entries here may match this pattern's last part; with a `**` after it, it is read as the last too
      // (`a/**` is not meant to match `a` itself, but nothing here depends on that).
      const last = at === parts.length - 1 ? parts[at] : at === parts.length - 2 && parts[at + 1].kind === 'deep' ? parts[at] : undefined;
      if (!last) continue;
      if (last.kind === 'name') (names ??= new Set(this.everywhere.names)).add(last.lower);
      else if (last.kind === 'suffix') (suffixes ??= [...this.everywhere.suffixes]).push(last.lower);
      else if (last.kind === 'glob') (globs ??= [...this.everywhere.globs]).push(last.glob);
      else any = true;
    }
    const filter = any ? ANY : names || suffixes || globs ? { any: false, names: names ?? this.everywhere.names, suffixes: suffixes ?? this.everywhere.suffixes, globs: globs ?? this.everywhere.globs } : this.everywhere;
    return { states, filter };
  }
}
