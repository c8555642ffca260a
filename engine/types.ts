/**
 * The contracts every part of collab-migrate shares: the catalog's shape (the JSON Schema
 * `notices.schema.json` is generated from these types by `scripts/gen-schema.ts`), the matches the
 * detectors produce and the text edits the fixers apply.
 *
 * @packageDocumentation
 */
import type { TSESTree } from '@typescript-eslint/utils';

/**
 * A calendar day, `YYYY-MM-DD`.
 * @pattern ^\d{4}-\d{2}-\d{2}$
 */
export type IsoDate = string;

/** How a notice's finding may be fixed; drives ESLint `meta.fixable`/`meta.hasSuggestions`, docs and `--fix`. */
export type FixKind = 'autofix' | 'suggestion' | 'none';

/**
 * - `dated`: has an `effective` day.
 * - `pending`: announced for a future day not yet given; always a warning, never an error.
 * - `contract`: a rule of the API always in force; always an error when violated.
 * - `informational`: nothing in consumer code can be detected reliably; listed, never reported.
 */
export type NoticeStatus = 'dated' | 'pending' | 'contract' | 'informational';

/** How exact `effective` is: `month` and `approximate` dates are the earliest plausible day. */
export type DatePrecision = 'day' | 'month' | 'approximate';

/** Regions of the detailed call history API. */
export type Region = 'us' | 'eu' | 'in' | 'au';

/** Hosts the catalog knows; nothing in code names a host. */
export interface Hosts {
  /** The API base address, e.g. `https://webexapis.com/v1`. */
  apiBase: string;
  /** Every host name that serves the REST API (current and legacy), used to decide "this URL calls the API". */
  api: string[];
  /** Older API host names that still work but should be replaced by the host of `apiBase`. */
  legacyApi: string[];
  /** Detailed call history hosts (the platform's 2026-02-27 change notice and its API reference). */
  callHistory: {
    /** The legacy host that stops working; its successor depends on the organization's region. */
    legacy: string;
    /** The government legacy host; its one successor is `gov`, so its rewrite needs no region. */
    govLegacy: string;
    /** The government host (unchanged by the 2026-02-27 move): never reported. */
    gov: string;
    /** The new regional hosts. */
    regional: Record<Region, string>;
  };
}

/** Scopes known to the catalog (the platform's list of scopes plus those its public API reference names). */
export interface Scopes {
  /** The platform's list of scopes, grouped by its own headings. */
  groups: Record<string, string[]>;
  /** Scopes named by the platform's API reference, SDKs or later notices but missing from its list. */
  extra: string[];
  /** For each scope of `extra`: the public page (one of the catalog's `references`) that names it. */
  sources?: Record<string, string>;
  /** Why the lists are as they are (e.g. a listed scope left out because its exact identifier is not given). */
  note?: string;
}

/** Where a notice's facts come from. */
export interface Source {
  /**
   * Section of the platform's change document the notice was read from (`9` is its dated change list);
   * the catalog's tests compare the notice with that section. Users are shown `url` instead.
   */
  section: string;
  /** The public page that documents the change: the platform's API changelog or the area's API reference page. */
  url?: string;
  /**
   * The platform's documentation page of the changed API or feature (one of the catalog's `references`), when
   * `url` is the general changelog: where a reader finds the API as it is now.
   */
  docs?: string;
  /** The platform's own words, shortened only where `...` says so. */
  quote?: string;
}

/** A further dated step of a notice, shown in `explain` and the docs; it does not change severity. */
export interface Milestone {
  date: IsoDate;
  /** What happens on that day. */
  text: string;
}

/** A before/after pair shown by `explain` and the generated docs. */
export interface Example {
  /** Source language of the example. */
  language: 'ts' | 'js' | 'json' | 'yaml' | 'env' | 'text';
  before: string;
  /** The final form: what the code looks like once the change is in force. */
  after: string;
  /**
   * The transitional form (fix timing `expand-contract`): what the fix writes before the effective date, code
   * that works against the API on both sides of it. Contracted to `after` from the date on.
   */
  transitional?: string;
}

/**
 * How a notice's fix behaves in time (issue 12: a fix made before the date must work on both sides of it).
 * - `safe`: the new form works before and after the date (an integer `exp`, a `Bearer` scheme): applied any day.
 * - `expand-contract`: before the effective date the fix writes a transitional form that works on both sides
 *   (reads both names, accepts both codes, looks a header up in either case, keeps sending the name both sides
 *   accept); that form is recognised as migrated and not reported until the date; from the date on it is
 *   reported again and the fix contracts it to the final form. A usage with no transitional form (a value
 *   the code sends) gets the final form as a suggestion before the date.
 * - `final-only`: no form works on both sides (or the platform does not say the new one works early): before the
 *   date the final form is offered as a suggestion only, never an autofix.
 *
 * Fix mode `final` (CLI `--fix-mode final`, rule option / `configure({ fixMode })`) writes final forms early,
 * for teams that deploy after the date.
 */
export type FixTimingKind = 'safe' | 'expand-contract' | 'final-only';

/** A fix's behaviour in time, with the reason in the platform's terms (shown by `explain` and the docs). */
export interface FixTiming {
  kind: FixTimingKind;
  /** Why the fix has this timing: what the platform accepts before and after the date. */
  reason: string;
}

/** The form a fix writes: `safe` any day, `transitional` before the date, `final` on or after it. */
export type FixForm = 'safe' | 'transitional' | 'final';

/** Which form a fix writes: `date` (default) lets `today` pick; `final` writes final forms early. */
export type FixMode = 'date' | 'final';

/** One dated change (or contract rule) of the platform. */
export interface Notice {
  /**
   * Public id: ESLint rule name, CLI id, docs file name and fixture folder. Never renamed once shipped.
   * @pattern ^[a-z0-9]+(-[a-z0-9]+)*$
   */
  id: string;
  /** One-line title. */
  title: string;
  /** One paragraph: what changes and why it matters to consumer code. */
  summary: string;
  /** Product area, e.g. `calling`, `webhooks`, `oauth`, `licenses`, `devices`, `meetings`. */
  area: string;
  status: NoticeStatus;
  /** The notice's own date, where the platform gives one. */
  announced?: IsoDate;
  /** Where the platform gives an earlier start of a deprecation: the day warnings should begin. */
  deprecated?: IsoDate;
  /** The day consumer code breaks or behaviour changes. Required for `dated`. */
  effective?: IsoDate;
  /** The platform's own words for the date, where they are vague ("mid 2026-07"). */
  effectiveText?: string;
  precision?: DatePrecision;
  /** Every earlier announced effective date of a moved change, oldest first. */
  dateHistory?: IsoDate[];
  /** Other dated steps of the same notice, before or after `effective` (e.g. "creation of new apps disabled"). */
  milestones?: Milestone[];
  /** Whether consumer code breaks (rather than merely being deprecated). */
  breaking: boolean;
  source: Source;
  /** What to do instead: used in messages, `explain` and docs. */
  instead: string;
  fix: FixKind;
  /**
   * How the fix behaves in time. Every notice with a fix states it (the built-in catalog is tested for it);
   * when absent, `final-only` is assumed: no autofix before the effective date.
   */
  fixTiming?: FixTiming;
  /** What the engine looks for. Empty for informational notices. */
  detections: Detection[];
  /** Why nothing is detected (informational notices), or why detection is limited. */
  reason?: string;
  example?: Example;
  /** In a user catalog (`--notices`): replace the built-in notice with the same id. */
  replaces?: boolean;
}

/** The whole catalog file. */
export interface Catalog {
  $schema?: string;
  /** Format version of the catalog. */
  version: number;
  /**
   * The day this catalog was last reviewed against the platform's API changelog. A run whose `today` is more
   * than 90 days later says once that newer notices may exist.
   */
  reviewed: IsoDate;
  /** Public pages of the platform's documentation that notices cite (URL -> title). */
  references: Record<string, string>;
  hosts: Hosts;
  scopes: Scopes;
  notices: Notice[];
}

/** A user's extra catalog (`--notices extra.json`), merged after the built-in one. */
export interface ExtraCatalog {
  $schema?: string;
  version?: number;
  /** Public pages the extra notices cite (URL -> title). */
  references?: Record<string, string>;
  hosts?: Partial<Hosts>;
  scopes?: Partial<Scopes>;
  notices: Notice[];
}

// ---------------------------------------------------------------------------------------------
// Detections: each kind is interpreted by engine/detectors/<kind>.ts. Add a kind by adding its
// interface here (and to the Detection union) and its interpreter to engine/detectors/index.ts.
// ---------------------------------------------------------------------------------------------

/** An endpoint of the API: a path template as the platform's API reference writes it, and its methods. */
export interface Endpoint {
  /**
   * Path template relative to the API base (`https://webexapis.com/v1`, or the host named by `host`), with
   * `{name}` for a path parameter: `/telephony/config/workspaces/{workspaceId}/simultaneousRing`.
   * @pattern ^/
   */
  path: string;
  /** Upper-case methods; absent: every method of the path. */
  methods?: Array<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'>;
  /** Which side of the call carries the detection's names: the request (body, query), the response, or both (default). */
  side?: 'request' | 'response' | 'both';
  /** The host serving it: the REST API (default) or the detailed call history host (`hosts.callHistory`). */
  host?: 'api' | 'callHistory';
  /** Where the template comes from: the API reference page or OpenAPI spec (URL). */
  source: string;
}

/**
 * Where a field, value or host detection applies (issue 11): code tied to one of `endpoints` is reported with
 * `certain` confidence (and its autofix); code tied to any other endpoint is not reported; code that calls the
 * API but cannot be tied to an endpoint is `likely` (suggestions only); code without API context is not reported.
 */
export interface DetectionScope {
  /**
   * The endpoints the detection's names belong to. Empty only where the platform's document names no endpoint
   * for the change; `where` then says which context the detection applies in (and the engine ties nothing).
   */
  endpoints: Endpoint[];
  /**
   * Endpoints known to use the same names with another meaning (Single Number Reach's `answerConfirmationEnabled`,
   * historical analytics on the call history host). Code tied to them is never reported; listed for `explain`,
   * the docs and the tests (any endpoint outside `endpoints` is out of scope anyway).
   */
  others?: Endpoint[];
  /**
   * Words (case-insensitive) that, written in the same file, give code that is not tied to an endpoint API
   * context (`likely`), besides API requests and hosts: usually the endpoint's resource names.
   */
  context?: string[];
  /**
   * Where the detection applies when the platform's document names no endpoint for the change (webhook deliveries
   * received by the integration, every path of a moved host, "the calling APIs"): the context in the document's
   * terms, shown by `explain` and the docs. Required when `endpoints` is empty.
   */
  where?: ScopeContext;
  /**
   * The confidence of a match that is tied to no endpoint at all: `likely` (default: a suggestion, never an
   * autofix). `certain` only for values that are the platform's own wherever they are written (its exact
   * license names): then the scope only removes matches tied to another endpoint.
   */
  untied?: Confidence;
}

/** The context a detection applies in, where the platform's document names no endpoint. */
export interface ScopeContext {
  /** The context in a sentence (user-facing). */
  text: string;
  /** Where the document or the platform's public documentation says so (a URL of the catalog's `references`). */
  source: string;
}

/** Fields every detection shares. */
export interface DetectionBase {
  /** Where the detection applies: the endpoints its names belong to (see {@link DetectionScope}). */
  scope?: DetectionScope;
  /** Extra literal tokens for the prefilter, added to those the detector derives. */
  tokens?: string[];
  /** Why this detection is shaped as it is (shown in docs). */
  note?: string;
}

/** Placeholder kinds until their interpreters land; see engine/detectors/index.ts. */
export interface CustomDetection extends DetectionBase {
  /** A notice-specific detector in engine/notices/<handler>.ts, for what no generic kind expresses. */
  kind: 'custom';
  /** Name of the module in engine/notices/ (usually the notice id). */
  handler: string;
  /** Free-form parameters for that handler. */
  params?: Record<string, unknown>;
}

/** A usage of a property name that a `property` detection can match. */
export type PropertyUsage =
  /** An object literal key (plain, quoted, computed string, shorthand). */
  | 'key'
  /** A member access that reads (`a.b`, `a?.b`, `a['b']`), including as a call or dereference target. */
  | 'read'
  /** A member access that is assigned to (`a.b = 1`, `a.b += 1`, `delete a.b`). */
  | 'write'
  /** A destructuring pattern key (`const { b } = a`). */
  | 'destructure'
  /** A declared property: TS property signature (interface, type literal) or class property. */
  | 'declaration';

/**
 * A property name that was renamed, removed or deprecated (engine/detectors/property.ts). Matches object keys,
 * quoted and computed string keys, member access (also optional chaining), destructuring, TS property
 * signatures, class properties and (with `config`) keys in configuration files.
 */
export interface PropertyDetection extends DetectionBase {
  kind: 'property';
  /** Property names, matched exactly (case-sensitive). */
  names: string[];
  /**
   * The new name. The autofix renames every usage; destructuring keeps the local name
   * (`{ new: old }`). The ts-morph codemod renames declared interface properties project-wide with it.
   */
  renameTo?: Identifier;
  /** Names offered as suggestions (a rename that may change behaviour, e.g. a changed shape). */
  suggest?: Identifier[];
  /** What happened to the name when there is no `renameTo`; chooses the message. Default `removed`. */
  change?: 'removed' | 'deprecated';
  /** The usages reported; default all. */
  usages?: PropertyUsage[];
  /** The file must contain one of these words (case-insensitive), else nothing is reported. */
  fileContext?: string[];
  /**
   * Object-literal keys are reported only when the object has one of these sibling keys or is sent in a
   * request whose URL contains one of `requestPaths` (either suffices). Absent: every object key.
   */
  siblings?: string[];
  /** URL fragments (case-insensitive) of the requests an object literal must be sent to; see `siblings`. */
  requestPaths?: string[];
  /** Autofix: remove the property (with its comma and line) from object literals sent in a request. */
  remove?: boolean;
  /** Also match keys in configuration files (`.json`, `.yaml`, `.yml`). */
  config?: boolean;
}

/**
 * String (or number) literals mapped old -> new where the context says they are the platform's values
 * (engine/detectors/value-map.ts): trunk error codes, license names, license error codes.
 */
export interface ValueMapDetection extends DetectionBase {
  kind: 'value-map';
  /** Old value -> new value; `null` when the new value is not exactly known (reported, never fixed). */
  map: Record<string, string | null>;
  /** Values starting with one of these are reported without a fix when not in `map`. */
  prefixes?: string[];
  /** Every literal holding a mapped value is reported (values specific enough to need no context). */
  anywhere?: boolean;
  /**
   * Literals compared with (`===`, `!==`, `==`, `!=`), assigned to, switched on, passed to
   * `.includes`/`.indexOf` of, or compared with an element iterated from, a member with one of these names
   * (`trunk.errorCodes.includes('E1001')`).
   */
  members?: string[];
  /** Literals that are the value of, or an element of an array under, an object key with one of these names. */
  keys?: string[];
  /** Object-literal keys equal to an old value (lookup tables). Only in files containing one of `fileContext`. */
  tableKeys?: boolean;
  /** Literals compared with anything (`===`, `case`, `.includes`). Only in files containing one of `fileContext`. */
  compared?: boolean;
  /** Words (case-insensitive) a file must contain for `tableKeys` and `compared` to apply. */
  fileContext?: string[];
  /** Number literals count too (codes written as numbers); the replacement keeps the literal's type. */
  numbers?: boolean;
  /** Also match quoted (or YAML/env plain) values in configuration files. */
  config?: boolean;
}

/**
 * A property set to (or compared with) a value that the platform no longer accepts
 * (engine/detectors/property-value.ts): a number outside a range, a string where an array is now sent.
 */
export interface PropertyValueDetection extends DetectionBase {
  kind: 'property-value';
  /** Property names, matched exactly. */
  names: string[];
  /** Report numeric values (object keys, assignments) outside `min..max` inclusive. */
  range?: { min: number; max: number };
  /** Report string values: object keys, assignments, comparisons and `switch` cases on the property. */
  strings?: boolean;
  /** The file must contain one of these words (case-insensitive), else nothing is reported. */
  fileContext?: string[];
  /**
   * With `strings`, for a field that becomes an array: old value -> the values that replace it. A comparison
   * with a string (`s.f === 'v'`) gets the transitional form as a suggestion: a test that accepts a string or
   * an array, and the old value or its replacements (`[s.f].flat().some((v) => ['v', 'w'].includes(v))`), which
   * gives the same answer before and after the date.
   */
  replacedBy?: Record<string, string[]>;
}

/**
 * An object literal with given static values (engine/detectors/object-shape.ts): reports a missing
 * required key, or rewrites a parameter inside a string-valued key.
 */
export interface ObjectShapeDetection extends DetectionBase {
  kind: 'object-shape';
  /** Key -> static string value the object must have to be considered (`{ lineKeyType: 'SHARED_LINE' }`). */
  when: Record<string, string>;
  /** Keys that must be present; an object with a spread is not judged. */
  requires?: string[];
  /** A `key=value&...` string under `key` whose parameter `from` (e.g. `address=`) becomes `to` (autofix). */
  rewrite?: { key: string; from: QueryParameter; to: QueryParameter };
}

/**
 * Legacy hosts in string literals, templates and configuration text (engine/detectors/host.ts). Host
 * names come from the catalog's `hosts`, never from code.
 */
export interface HostDetection extends DetectionBase {
  kind: 'host';
  /**
   * - `legacyApi`: every `hosts.legacyApi` host -> the host of `hosts.apiBase` (autofix).
   * - `callHistory`: `hosts.callHistory.legacy` -> `hosts.callHistory.regional[region]` (autofix with a
   *   region; one suggestion per region otherwise), and `hosts.callHistory.govLegacy` -> `hosts.callHistory.gov`
   *   (autofix: one successor). The government host `gov` is never touched.
   */
  hosts: 'legacyApi' | 'callHistory';
}

/**
 * A claim of a JWT payload that must hold a given type (engine/detectors/jwt-claim.ts). Payloads are
 * objects passed to a signing call of a JWT library, or objects carrying `guestClaims`.
 */
export interface JwtClaimDetection extends DetectionBase {
  kind: 'jwt-claim';
  /** The claim, e.g. `exp`. */
  claim: string;
  /** The type the claim must have; only `integer` (seconds since the epoch) is interpreted. */
  type: 'integer';
  /** An object with at least two of these keys (and the claim) is a payload even when not signed here. */
  guestClaims?: string[];
}

/**
 * Case-sensitive lookups of mixed-case header names in raw header maps (engine/detectors/header-lookup.ts):
 * `headers['X-Spark-Signature']`, `'X-Spark-Signature' in headers`, `{ 'X-Spark-Signature': s } = headers`.
 * `headers.get()`, `req.get()`, `req.header()` ignore case and are not reported. Autofix: the lower-case name.
 */
export interface HeaderLookupDetection extends DetectionBase {
  kind: 'header-lookup';
  /** Header names as the sender writes them (matched case-insensitively; all-lower-case lookups are fine). */
  headers: HeaderName[];
}

/**
 * Webhook signature verification (engine/detectors/webhook-signature.ts): an HMAC in a function (or file)
 * that handles one of the signature `headers`.
 * - `raw-body`: the HMAC is computed over `JSON.stringify(...)` instead of the raw bytes;
 * - `sha1`: the HMAC algorithm is SHA-1;
 * - `compare`: the signature is compared with `===`/`==` instead of a constant-time compare.
 */
export interface WebhookSignatureDetection extends DetectionBase {
  kind: 'webhook-signature';
  check: 'raw-body' | 'sha1' | 'compare';
  /** The signature header names that mark verification code. */
  headers: string[];
}

/**
 * OAuth scope strings (engine/detectors/scope-list.ts) in `scope` parameters (object keys, variables named
 * `*scope(s)`, `URLSearchParams#set/append('scope')`, `scope=` in query strings), space-, `+`-, `%20`- or
 * comma-joined, URL-encoded, or as arrays joined into such a parameter. Checked against the catalog's
 * known scopes: a near miss (edit distance <= `maxDistance`) or a misspelt family is reported with a
 * "did you mean" suggestion; with the `strictScopes` option, any unlisted scope of a known family too.
 */
export interface ScopeListDetection extends DetectionBase {
  kind: 'scope-list';
  /** Largest edit distance to a known scope that counts as a typo (default 2). */
  maxDistance?: number;
}

/**
 * URLs of an endpoint that must carry query parameters (engine/detectors/url-query.ts), built as strings,
 * templates, concatenations, `new URL()` + `searchParams`, with `URLSearchParams`/`qs.stringify` objects.
 * Only URLs on a catalog API host (or a `/v1/` path) are judged; a query with statically unknown keys is not.
 */
export interface UrlQueryDetection extends DetectionBase {
  kind: 'url-query';
  /** Path suffixes of the endpoint, e.g. `/authorize`. */
  paths: string[];
  /** Parameters that must be present. */
  requires?: string[];
  /** Parameter -> the only values accepted (a static other value is reported). */
  values?: Record<string, string[]>;
  /**
   * A parameter every complete URL has (`client_id`); a URL without it is a prefix completed elsewhere, so
   * `requires` is not checked on it (`values` still are).
   */
  identifiedBy?: string;
}

/**
 * A field sent in (or missing from) the body or query of API requests to given endpoints
 * (engine/detectors/request-field.ts), read through engine/requests.ts: the request's URL path, method, the
 * object literal its body carries, its query object (`params`, `searchParams`, `.query()`) and the query
 * string of its URL. Exactly one condition (`present`, `absent`, `required`, `values`, `oneOf`, `range`,
 * `maxItems`) applies; `when` narrows the requests it applies to.
 */
export interface RequestFieldDetection extends DetectionBase {
  kind: 'request-field';
  /** Regular expressions (case-insensitive), one of which the request's URL path must match. */
  paths: string[];
  /** Upper-case methods; absent: any. A request whose method is not statically known is judged too. */
  methods?: string[];
  /** Where the fields are sent. */
  in: 'body' | 'query';
  /** Field names, matched exactly. */
  fields: string[];
  /** Report each field that is sent. */
  present?: boolean;
  /** Report a request that sends none of the fields (not judged when the body/query has unknown parts). */
  absent?: boolean;
  /** Report each of the fields a request does not send (not judged when the body/query has unknown parts). */
  required?: boolean;
  /** Only requests that send each of these fields with one of its listed static values (`{ grant_type: ['refresh_token'] }`). */
  when?: Record<string, string[]>;
  /** Report a field whose static string value is not one of these. */
  oneOf?: string[];
  /** Report a field whose static string value is one of these. */
  values?: string[];
  /** Report a field whose static numeric value is outside `min..max` inclusive. */
  range?: { min: number; max: number };
  /** Report a field given more than this many values (array literal, comma list). */
  maxItems?: number;
  /** What changed, completing "`field` sent to /path ..." in the message (no dates). */
  change: string;
}

/**
 * URLs whose path matches an endpoint pattern (engine/detectors/url-path.ts): string literals, templates,
 * concatenations and `new URL()` folded through constants; route definitions (`app.get('/x', h)`) excluded.
 * Give the rare words of the path in `tokens` for the prefilter.
 */
export interface UrlPathDetection extends DetectionBase {
  kind: 'url-path';
  /** Regular expressions (case-insensitive) matched against the URL's path; unknown parts match `[^/]+`. */
  paths: string[];
  /** What changed, completing "`path` ..." in the message (no dates). */
  change: string;
}

/**
 * A name a fix writes into code as an identifier or property name (`renameTo`, `suggest`): letters, digits,
 * `_` and `$`, so a user catalog cannot make a fix write an expression (`confirm-required`).
 * @pattern ^[A-Za-z_$][A-Za-z0-9_$]*$
 */
export type Identifier = string;

/**
 * A query parameter name as a fix writes it into a `key=value&...` string, with its `=`.
 * @pattern ^[A-Za-z0-9_.-]+=?$
 */
export type QueryParameter = string;

/**
 * An HTTP header name as a fix writes it (lower-cased) into a string literal.
 * @pattern ^[A-Za-z0-9-]+$
 */
export type HeaderName = string;

/** All detection kinds. */
export type Detection = RequestFieldDetection | UrlPathDetection | CustomDetection | PropertyDetection | ValueMapDetection | PropertyValueDetection | ObjectShapeDetection | HostDetection | JwtClaimDetection | HeaderLookupDetection | WebhookSignatureDetection | ScopeListDetection | UrlQueryDetection;

// ---------------------------------------------------------------------------------------------
// What the engine produces.
// ---------------------------------------------------------------------------------------------

/**
 * A replacement of `range` (UTF-16 offsets into the original text, end exclusive) by `text`.
 * An insertion has `range[0] === range[1]`.
 */
export interface TextEdit {
  range: [number, number];
  text: string;
}

/** A fix offered but not applied automatically (ESLint suggestion). */
export interface Suggestion {
  /** Key into the detector's messages; camelCase. */
  messageId: string;
  data?: Record<string, string>;
  edits: TextEdit[];
}

/** 1-based line, 0-based column (ESTree). */
export interface Position {
  line: number;
  column: number;
}

/**
 * How sure the engine is that a finding belongs to the notice's endpoint (DESIGN.md, "A finding belongs to an
 * endpoint").
 * - `certain`: the code is tied to the notice's endpoint (or the detection is certain by nature, e.g. a misspelt
 *   scope in an authorize URL): reported with its autofix.
 * - `likely`: the name or value matches and the file calls the API, but this value cannot be tied to an endpoint:
 *   reported with suggestions only, never an autofix.
 * Code tied to another endpoint, or without API context, is not reported at all.
 */
export type Confidence = 'certain' | 'likely';

/** One finding of one notice in one file. */
export interface Match {
  noticeId: string;
  /** Index of the detection in the notice's `detections`. */
  detection: number;
  /** Key into the detector's messages; camelCase. */
  messageId: string;
  /** Values for the message's `{{placeholders}}`. */
  data: Record<string, string>;
  /** Text message with `data` filled in (no date part: adapters add the countdown). */
  message: string;
  range: [number, number];
  loc: { start: Position; end: Position };
  /**
   * The autofix: what may be applied now. Present only when the notice's fix kind is `autofix`, the match is
   * `certain` (a `likely` match carries its edits as a suggestion instead) and the fix cannot change behaviour
   * against the API on the day of the run: a `safe` edit, a transitional form before the effective date, the
   * final form on or after it (or early with fix mode `final`).
   */
  fix?: TextEdit[];
  /** The form of {@link fix}; absent without one. */
  fixForm?: FixForm;
  /** Suggestions; a final form that may not be applied yet travels here (`suggestFinalForm`). */
  suggestions?: Suggestion[];
  /** Whether the finding is tied to the notice's endpoint (`certain`) or only probably concerns it (`likely`). */
  confidence: Confidence;
  /** Why, in a few user-facing words (`sent to PUT /telephony/config/workspaces/{workspaceId}/simultaneousRing`). */
  confidenceReason: string;
  /**
   * For a finding in code several calls share (a wrapper's headers): the calls that reach it, with their methods
   * when known; an edit there changes every one of them (`--fix --dry-run` lists them). A call in another module
   * (one that imports a client whose shared configuration is edited here) has `file`, relative to this file's
   * folder, with `/` separators.
   */
  affects?: Array<{ line: number; column: number; method?: string; file?: string }>;
}

/** Options that change what detectors report or how they fix. */
export interface EngineOptions {
  /** Region for call history host rewrites; without it the host rewrite is offered as one suggestion per region. */
  region?: Region;
  /** Report well-formed but unlisted OAuth scopes too. */
  strictScopes?: boolean;
  /**
   * The day of the run: it picks each fix's form (transitional before a notice's effective date, final on
   * or after it). Adapters always pass it; without it the engine cannot tell and writes final forms.
   */
  today?: IsoDate;
  /** `final` writes final forms before the date (teams that deploy after it). Default `date`. */
  fixMode?: FixMode;
  /**
   * How messages name the user's options: as command line flags (`--region`, the default), as ESLint rule
   * options (`region`) or as jscodeshift options (`--region=`). See engine/catalog/option-names.ts.
   */
  optionStyle?: OptionStyle;
  /**
   * The folders the run scans (the CLI's paths, ESLint's cwd, the codemods' root), absolute: a file with no `.git`
   * and no `package.json` above it (a downloaded zip, a `git archive` export, a Docker build context) belongs to
   * the project of the outermost of them that holds it, not to its own folder (engine/project/resolve.ts). Nothing
   * outside it is read.
   */
  scanRoots?: string[];
}

/** Who reads a message: the CLI's user, an ESLint user or a jscodeshift user. */
export type OptionStyle = 'cli' | 'eslint' | 'jscodeshift';

/** Type questions a detector may ask where a type checker is available (typed ESLint, ts-morph). */
export interface TypeOracle {
  /** `string`, `number`, `nullable` etc. of an expression, or undefined when unknown. */
  isStringLike(node: TSESTree.Node): boolean | undefined;
  isIntegerLike?(node: TSESTree.Node): boolean | undefined;
  /** Whether the expression's type includes null or undefined. */
  isNullable(node: TSESTree.Node): boolean | undefined;
}
