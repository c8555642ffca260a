/**
 * The shapes of spec change that are not API changes a consumer must act on (publishing noise and false
 * positives), and the rename check. Each shape has a name that the review file and the evaluation count.
 */

/**
 * - `ref-swap`: the body's root `$ref` now names another schema that already existed (a documentation choice
 *   between two schemas, e.g. `MeetingSeriesObjectWithAdhoc` -> `MeetingSeriesObject`).
 * - `doc-fix`: the fields moved under a wrapper (`items[]`) while the body's example stayed as it was.
 * - `literal-paths`: a path template spelled out as literal paths (or back): the same URLs.
 * - `young-endpoint`: the operation had been in the spec for fewer than the minimum days.
 * - `not-persisted`: the next publish no longer shows the change.
 * - `reverted`: a later publish went back to the old state.
 * - `inverted-rename`: a removed and an added field look like a rename but their names mean the opposite.
 */
export type NoiseShape = 'ref-swap' | 'doc-fix' | 'literal-paths' | 'young-endpoint' | 'not-persisted' | 'reverted' | 'inverted-rename';

export const NOISE_SHAPES: readonly NoiseShape[] = ['ref-swap', 'doc-fix', 'literal-paths', 'young-endpoint', 'not-persisted', 'reverted', 'inverted-rename'];

/** What never reaches the diff at all: the fields that change with every publish without changing the API. */
export const IGNORED_FIELDS = ['security', 'summary', 'tags', 'operationId', 'default', 'example (except error codes)', 'description (except deprecation sentences)', 'info', 'servers'] as const;

/** `showNames` -> `show`, `names`; `HDSCluster` -> `hds`, `cluster`. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

const OPPOSITES: ReadonlyArray<readonly [string, string]> = [
  ['show', 'hide'],
  ['shown', 'hidden'],
  ['visible', 'hidden'],
  ['open', 'locked'],
  ['open', 'closed'],
  ['open', 'close'],
  ['lock', 'unlock'],
  ['locked', 'unlocked'],
  ['enable', 'disable'],
  ['enabled', 'disabled'],
  ['allow', 'deny'],
  ['allow', 'block'],
  ['allowed', 'blocked'],
  ['allowed', 'denied'],
  ['include', 'exclude'],
  ['included', 'excluded'],
  ['on', 'off'],
  ['true', 'false'],
  ['yes', 'no'],
  ['min', 'max'],
  ['minimum', 'maximum'],
  ['start', 'end'],
  ['first', 'last'],
  ['before', 'after'],
  ['inbound', 'outbound'],
  ['incoming', 'outgoing'],
  ['accept', 'reject'],
  ['accepted', 'rejected'],
  ['public', 'private'],
  ['add', 'remove'],
  ['join', 'leave'],
  ['mute', 'unmute'],
  ['muted', 'unmuted'],
  ['active', 'inactive'],
  ['online', 'offline'],
  ['internal', 'external'],
];

const NEGATIONS = ['not', 'no', 'non', 'never', 'without'];
const NEGATING_PREFIXES = ['un', 'dis', 'non', 'in', 'im'];

function isOpposite(a: string, b: string): boolean {
  if (OPPOSITES.some(([x, y]) => (a === x && b === y) || (a === y && b === x))) return true;
  return NEGATING_PREFIXES.some((p) => a === p + b || b === p + a);
}

/**
 * Whether renaming `from` to `to` would invert its meaning (`showNames` -> `hideNames`, `isOpen` -> `isLocked`,
 * `allowed` -> `notAllowed`): a draft must never offer such a rename.
 */
export function isInvertedRename(from: string, to: string): boolean {
  const a = nameWords(from);
  const b = nameWords(to);
  const onlyA = a.filter((w) => !b.includes(w));
  const onlyB = b.filter((w) => !a.includes(w));
  if (onlyA.some((w) => NEGATIONS.includes(w)) !== onlyB.some((w) => NEGATIONS.includes(w))) return true;
  return onlyA.some((x) => onlyB.some((y) => isOpposite(x, y)));
}

function wordSet(text: string): Set<string> {
  return new Set(text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 2));
}

/** Share of words two descriptions have in common (Jaccard), 0..1; 0 when either is empty. */
export function descriptionSimilarity(a: string, b: string): number {
  const x = wordSet(a);
  const y = wordSet(b);
  if (x.size === 0 || y.size === 0) return 0;
  let common = 0;
  for (const w of x) if (y.has(w)) common++;
  return common / (x.size + y.size - common);
}

/**
 * Whether a removed and an added field of the same place and type look like one field renamed: their names
 * share a word (`registrantId` -> `id`) or their descriptions mostly agree.
 */
export function looksLikeRename(from: { name: string; description: string }, to: { name: string; description: string }): boolean {
  const a = nameWords(from.name);
  const b = nameWords(to.name);
  if (a.some((w) => b.includes(w))) return true;
  return descriptionSimilarity(from.description, to.description) >= 0.5;
}

/** A path template as a regular expression over literal paths (`/a/{x}` matches `/a/b`). */
export function templatePattern(path: string): RegExp {
  const parts = path.split(/\{[^}]*\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/]+')}/?$`);
}

/** Whether `literal` is one URL of `template` (and not the same template). */
export function isLiteralOf(literal: string, template: string): boolean {
  return literal !== template && /\{[^}]*\}/.test(template) && templatePattern(template).test(literal.replace(/\{[^}]*\}/g, 'x'));
}
