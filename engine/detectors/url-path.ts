/**
 * `url-path`: URLs of an endpoint that is going away, wherever they are written (request arguments,
 * constants, templates, concatenations). Route definitions of the consumer's own server are not URLs called.
 */
import type { Detector, RawMatch } from '../detector.js';
import { outerStringExpressions, isRouteDefinition } from './auth-support.js';
import { urlPath } from '../api/index.js';
import type { UrlPathDetection } from '../types.js';
import { pathEndGate, pathEndWord, requiredWords } from '../gates.js';

const compiled = new WeakMap<UrlPathDetection, RegExp[]>();

function patterns(d: UrlPathDetection): RegExp[] {
  let res = compiled.get(d);
  if (!res) compiled.set(d, (res = d.paths.map((p) => new RegExp(p, 'i'))));
  return res;
}

const gates = new WeakMap<UrlPathDetection, RegExp[][] | undefined>();

/**
 * Per path pattern, regular expressions over the text that must all match (undefined when some pattern has
 * no gate). A pattern ending in a literal word (`(^|/)rooms/[^/]+/meetingInfo/?$`) matches only a path that
 * ends in that word and an optional `/`, which the text shows as the word followed by a character
 * {@link pathEndGate} allows; and every match holds the pattern's other literal words (`rooms`), which the
 * text then holds (case-insensitive, as the pattern; written as the prefilter's tokens are: unsplit and
 * without escape sequences).
 */
function gatesOf(d: UrlPathDetection): RegExp[][] | undefined {
  if (gates.has(d)) return gates.get(d);
  const list: RegExp[][] = [];
  for (const p of d.paths) {
    const word = pathEndWord(p);
    const gate = word === undefined ? undefined : pathEndGate(word, 'i');
    const words = requiredWords(p);
    if (!gate || !words) {
      gates.set(d, undefined);
      return undefined;
    }
    list.push([...words.filter((w) => w !== word).map((w) => new RegExp(w, 'i')), gate]);
  }
  gates.set(d, list);
  return list;
}

export const urlPathDetector: Detector<UrlPathDetection> = {
  kind: 'url-path',
  messages: {
    endpointDeprecated: '`{{path}}` {{change}}. {{instead}}',
  },
  tokens() {
    return [];
  },
  // Sound: both interpreters report only a string whose path one of the patterns matches (see gatesOf).
  mayMatch(text, ctx) {
    const list = gatesOf(ctx.detection);
    return !list || list.some((all) => all.every((re) => re.test(text)));
  },
  // Each string or template on its own (a concatenation cannot be folded without a tree).
  detectUnparsed(file, ctx) {
    const res = patterns(ctx.detection);
    const out: RawMatch[] = [];
    for (const s of file.strings) {
      if (!s.value.includes('/')) continue;
      const path = urlPath({ value: s.value, complete: !s.template }).replace(/\u0000+/g, '\u0000');
      if (res.some((re) => re.test(path))) out.push({ range: s.range, messageId: 'endpointDeprecated', data: { path: path.replace(/\u0000/g, '{…}'), change: ctx.detection.change } });
    }
    return out;
  },
  detect(file, ctx) {
    const d = ctx.detection;
    const res = patterns(d);
    const out: RawMatch[] = [];
    for (const node of outerStringExpressions(file)) {
      const s = file.staticString(node);
      if (!s || !s.value.includes('/')) continue;
      const path = urlPath(s).replace(/\u0000+/g, '\u0000');
      if (!res.some((re) => re.test(path))) continue;
      if (isRouteDefinition(file, node)) continue;
      out.push({ node, messageId: 'endpointDeprecated', data: { path: path.replace(/\u0000/g, '{…}'), change: d.change } });
    }
    return out;
  },
};
