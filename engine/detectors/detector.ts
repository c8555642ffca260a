/** The contract between the engine and each detection interpreter (engine/detectors/<kind>.ts, engine/notices/<id>.ts). */
import type { FileContext, Node } from '../parse/file-context.js';
import type { LoadedCatalog } from '../catalog/catalog.js';
import type { StringToken } from '../parse/text-tokens.js';
import type { Confidence, Detection, EngineOptions, Notice, Suggestion, TextEdit, TypeOracle } from '../types.js';

/** What a detector reports; the engine adds the notice id, message text and location. */
export interface RawMatch {
  /** The node (or range) the finding points at. */
  node?: Node;
  range?: [number, number];
  messageId: string;
  data?: Record<string, string>;
  /** Autofix edits of the final form; kept only when the notice's fix kind is `autofix`. */
  fix?: TextEdit[];
  /**
   * The transitional form's edits (works against the API before and after the notice's date), where this
   * usage has one; written instead of `fix` before the date (engine/fix/timing.ts).
   */
  transitional?: TextEdit[];
  /**
   * The usage already is a transitional form (`a.new ?? a.old`): not reported before the date; from the date
   * on, reported with `fix` contracting it to the final form.
   */
  migrated?: boolean;
  /** Suggestions; dropped when the notice's fix kind is `none`. */
  suggestions?: Suggestion[];
  /** Default `certain`. A `likely` match's `fix` is offered as a suggestion ({@link LIKELY_FIX_MESSAGE_ID}). */
  confidence?: Confidence;
  /** Why (short, user-facing); defaults to the detector's {@link Detector.certainBecause}. */
  confidenceReason?: string;
  /**
   * For a finding in shared code (a wrapper's headers): the calls that reach it, and their methods. A call of another
   * module (one that imports the shared client) names its file (relative to this file's folder) and position.
   */
  affects?: Array<{ node: Node; method?: string; file?: string; at?: { line: number; column: number } }>;
  /**
   * A literal held by name and judged where it is read (engine/detectors/held.ts): the readers (in this file or a
   * module importing it) that use it as the detection's value. The engine ties the match to the detection's scope
   * there rather than at the literal (engine/api/scoped.ts).
   */
  tieAt?: ReadonlyArray<{ file: FileContext; node: Node }>;
}

/** The suggestion message of an autofix held back because the match is only `likely`. */
export const LIKELY_FIX_MESSAGE_ID = 'suggestLikelyFix';

/**
 * A match whose edit would change a request not known to call the API (an edit of shared code that another host's
 * request or an unseen caller reaches): the edit is kept as a suggestion that says why ({@link LIKELY_FIX_MESSAGE_ID}),
 * never applied by `--fix`; the finding itself (line, confidence) is unchanged. A match without a fix is returned as is.
 */
export function holdFix(m: RawMatch, reason: string): RawMatch {
  if (!m.fix) return m;
  const { fix, ...rest } = m;
  return { ...rest, suggestions: [...(m.suggestions ?? []), { messageId: LIKELY_FIX_MESSAGE_ID, data: { confidenceReason: reason }, edits: fix }] };
}

/** Messages every rule has besides its detectors' own (suggestion messages carry no date). */
export const COMMON_MESSAGES: Record<string, string> = {
  [LIKELY_FIX_MESSAGE_ID]: 'Apply the fix after checking that this code belongs to the notice\'s endpoint ({{confidenceReason}}).',
};

/** Everything a detector may read while interpreting one detection on one file. */
export interface DetectorContext<D extends Detection = Detection> {
  notice: Notice;
  detection: D;
  catalog: LoadedCatalog;
  options: EngineOptions;
  /** Present under typed linting or the ts-morph codemod. */
  types?: TypeOracle;
}

/** A configuration file's text (`.json`, `.yaml`, `.env`, ...), for detectors that apply to configuration. */
export interface TextFile {
  filename: string;
  text: string;
  /** Offset -> line/column. */
  positionAt(offset: number): { line: number; column: number };
}

/**
 * A JavaScript/TypeScript file that no parser accepts, for text-level detection: `text` holds only the file's
 * string and template literals (everything else blanked, offsets kept), `strings` lists them.
 */
export interface UnparsedFile extends TextFile {
  strings: readonly StringToken[];
  /** The file's whole text (`text` keeps only its strings), as the gate ({@link Detector.mayMatch}) saw it. */
  source: string;
}

/** One interpreter of one detection kind. */
export interface Detector<D extends Detection = Detection> {
  /** The `kind` value in notices.json (for `custom`, the handler name). */
  kind: string;
  /** Message templates with `{{placeholders}}`, keyed by camelCase message id (suggestion messages too). */
  messages: Record<string, string>;
  /**
   * Literal tokens a file must contain (any one of them) for this detection to possibly match.
   * Must be rare words: the prefilter parses only files that contain one.
   */
  tokens(detection: D, catalog: LoadedCatalog): string[];
  /**
   * A second token group, ANDed with {@link tokens}: the file must also contain one of these. For
   * detections that only report requests to the API, the API's host names and path words: a file with
   * `Content-Type` but no API marker cannot match, so it is not parsed.
   */
  requires?(detection: D, catalog: LoadedCatalog): string[];
  /**
   * A text-level precondition, checked (after the tokens) before a source file is parsed: false only when
   * {@link detect} and {@link detectUnparsed} provably report nothing in a file with this text, so that a file
   * none of whose candidate detections may match is not parsed. Each gate says in a comment why it is sound,
   * from what the detector can report; test/gates.test.ts checks that it changes no finding.
   */
  mayMatch?(text: string, ctx: DetectorContext<D>): boolean;
  /**
   * The tokens and the gate ask for a request URL's host or path, whose folded value may come from a constant of
   * a module the file imports (engine/project/): for a file that is parsed anyway, they are tried again on its
   * text with the texts of the project modules it imports (engine/analyze.ts). Detections whose tokens and gate
   * are about the file's own keys, claims or names do not set it.
   */
  gateReadsUrls?: true;
  /**
   * With {@link gateReadsUrls}: the imported URL is looked for only in a file that makes HTTP calls itself (or a
   * component whose parents' props may give it, engine/project/props.ts), not in every file that holds the
   * detection's own tokens (a token as common as `Content-Type` or `authorize` would send a tenth of a large
   * repository's files to read their imports: sentry-javascript 778 -> 916 candidates, outline 294 -> 325).
   */
  importedUrlsOnlyWhenCalling?: true;
  /**
   * With {@link gateReadsUrls}: a file whose own text matches this (and imports something) may hold the
   * detection's code while a module it imports holds its tokens (a guest JWT signed here with a key another
   * module decodes from base64): it is given the detection with the imported texts as a file that makes HTTP
   * calls is (engine/analyze.ts, the walker's prefilter). Plain data (patterns' sources and flags), so the
   * walker thread applies it too; keep it as rare as the code it names. The text must match every pattern of the
   * list, each searched on its own: "A somewhere and B somewhere" written as one pattern,
   * `^(?=[\s\S]*A)(?=[\s\S]*B)`, tries A backwards from the end at every position of every file that imports
   * something, where a search for a literal skips ahead (issue 30, round thirteen: on sentry-javascript's 8,446
   * source texts, 394 ms for the two lookahead patterns against tens of ms as lists).
   */
  importsHoldTokensWhen?: ReadonlyArray<{ source: string; flags: string }>;
  /**
   * With {@link gateReadsUrls} and a `requires` of API hosts and paths: its tokens are names a request's options hold
   * (a header, a body field), which a defaults object of another module may bring into a request the file makes
   * through an imported helper (`{ ...DEFAULTS, params }`, `Object.assign({}, DEFAULTS, { qs })`). A file holding
   * the `requires` and none of the tokens is then opened for its imports when it merges a named object
   * (prefilter's `requiresMergingTokens`). Not for a detection whose tokens are a URL's path (`authorize`) and whose
   * `requires` are query words: a merged object gives no URL path (outline: 34 of the 52 files the rule opened, for that detection alone).
   */
  tokensInMergedOptions?: true;
  /**
   * With {@link gateReadsUrls}: the gate for the file's own text (`own`) joined with the strings of the modules it
   * imports (`joined`), when the parts of {@link mayMatch} that are about the file's own code (a callee's name, an
   * identifier) must hold on `own` and only those about a URL may hold on `joined`. Absent: {@link mayMatch} on
   * `joined`. Sound when each part it reads on `own` only is one that imported strings cannot satisfy.
   */
  mayMatchJoined?(own: string, joined: string, ctx: DetectorContext<D>): boolean;
  /**
   * With {@link gateReadsUrls}: a precondition on the file's place in its project (its name, its text with the
   * BOM stripped), asked (after the joined gate) for a detection that only the strings of the modules a file imports
   * would select, before the file is parsed for it (engine/analyze.ts): false only when {@link detect} reports
   * nothing in a file of that name with this text, analysed with the project model.
   */
  mayMatchFile?(filename: string, text: string, ctx: DetectorContext<D>): boolean;
  /**
   * Its gate ({@link mayMatch}) reads nothing but an API URL's host or path (a detection that only reports requests
   * whose URL calls the API), and that URL's folded value may come from a constant of a module the file imports
   * (engine/project/): a file whose own text fails the gate is given it again on its text joined with the strings of
   * the modules it imports, as for {@link gateReadsUrls} (engine/analyze.ts). Its tokens stay the file's own.
   */
  gateOnImportedUrls?: true;
  /**
   * The reason given for a `certain` match that names none of its own: what this detector's matches are tied
   * to (`"exact host of the legacy call history API"`).
   */
  certainBecause?: string;
  /** Findings in a parsed JavaScript/TypeScript file. */
  detect(file: FileContext, ctx: DetectorContext<D>): RawMatch[];
  /** Findings in a configuration file's text; absent when the detection does not apply to configuration. */
  detectText?(file: TextFile, ctx: DetectorContext<D>): RawMatch[];
  /**
   * Findings in the strings of a source file that no parser accepts (the engine reports them as `likely`, so
   * their edits become suggestions); absent when the detection needs a syntax tree.
   */
  detectUnparsed?(file: UnparsedFile, ctx: DetectorContext<D>): RawMatch[];
}

/** Fills `{{name}}` placeholders. */
export function formatMessage(template: string, data: Record<string, string> | undefined): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => (data && key in data ? data[key] : whole));
}
