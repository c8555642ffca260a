import jsTokens from 'js-tokens';

/**
 * A JSON-with-comments text (an editor's `launch.json`, a `tsconfig.json`) read as JSON: comments and trailing
 * commas dropped by a tokenizer (js-tokens: a `//` inside a string stays), then `JSON.parse`. Undefined when it is
 * not JSON then.
 */
export function parseJsonc(text: string): unknown {
  const kept: string[] = [];
  for (const t of jsTokens(text)) {
    if (t.type === 'SingleLineComment' || t.type === 'MultiLineComment') continue;
    if (t.value === '}' || t.value === ']') {
      // A trailing comma: the last token kept before the closer, whitespace aside.
      let i = kept.length - 1;
      while (i >= 0 && /^\s*$/.test(kept[i])) i--;
      if (i >= 0 && kept[i] === ',') kept.splice(i, 1);
    }
    kept.push(t.value);
  }
  try {
    return JSON.parse(kept.join(''));
  } catch {
    return undefined;
  }
}
