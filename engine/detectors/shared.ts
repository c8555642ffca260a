/**
 * Small context helpers shared by the property, value and shape detectors: file-level context words, the
 * call an object literal is sent through, and minimal edits (renaming a key, removing a property cleanly).
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, findProperty, memberName, propertyKeyName, quoteLike, quoteOf, unwrap, type FileContext, type Node } from '../parse/file-context.js';
import type { LoadedCatalog } from '../catalog/catalog.js';
import { requestOfNode } from '../api/index.js';
import type { TextEdit } from '../types.js';

/** Whether the file's text contains one of the words (case-insensitive); true when no words are given. */
export function fileHasAny(file: FileContext, words: readonly string[] | undefined): boolean {
  if (!words || words.length === 0) return true;
  const lower = file.cached('lowerText', () => file.text.toLowerCase());
  return words.some((w) => lower.includes(w.toLowerCase()));
}

/** Keys of a request's options object that carry the body (fetch `body`, axios `data`, got/ky `json`, ...). */
const BODY_KEYS = new Set(['body', 'data', 'json', 'form']);

/**
 * The call an object literal is sent through: as an argument, through `JSON.stringify`, as the `body`/`data`/
 * `json` of an options object, or through a `const` holding it. Undefined when it is not passed to a call.
 */
export function sendingCall(file: FileContext, object: Node, depth = 0): TSESTree.CallExpression | TSESTree.NewExpression | undefined {
  if (depth > 4) return undefined;
  let current: Node = object;
  for (let i = 0; i < 12; i++) {
    const parent = file.parentOf(current);
    if (!parent) return undefined;
    switch (parent.type) {
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
      case 'TSNonNullExpression':
      case 'TSTypeAssertion':
        current = parent;
        continue;
      case 'CallExpression':
      case 'NewExpression': {
        if (!parent.arguments.includes(current as TSESTree.CallExpressionArgument)) return undefined;
        const callee = unwrap(parent.callee as Node);
        if (callee.type === 'MemberExpression' && memberName(callee) === 'stringify' && callee.object.type === 'Identifier' && callee.object.name === 'JSON') {
          current = parent;
          continue;
        }
        if (calleeName(parent) === 'URLSearchParams') {
          current = parent;
          continue;
        }
        return parent;
      }
      case 'Property': {
        const name = propertyKeyName(parent);
        const owner = file.parentOf(parent);
        if (parent.value !== current || !name || !BODY_KEYS.has(name) || owner?.type !== 'ObjectExpression') return undefined;
        current = owner;
        continue;
      }
      case 'VariableDeclarator': {
        if (parent.init !== current || parent.id.type !== 'Identifier') return undefined;
        const name = parent.id.name;
        if (file.constantInit(name) === undefined) return undefined;
        for (const ref of file.nodes(T.Identifier)) {
          if (ref.name !== name || ref === parent.id) continue;
          const refParent = file.parentOf(ref);
          if (refParent?.type === 'MemberExpression' && refParent.property === ref && !refParent.computed) continue;
          if (refParent?.type === 'Property' && refParent.key === ref && !refParent.shorthand) continue;
          const call = sendingCall(file, ref, depth + 1);
          if (call) return call;
        }
        return undefined;
      }
      default:
        return undefined;
    }
  }
  return undefined;
}

/** The URL a call is made to, as far as it folds (first argument, or an options object's `url`). */
export function callUrl(file: FileContext, call: TSESTree.CallExpression | TSESTree.NewExpression): string | undefined {
  const first = call.arguments[0] as Node | undefined;
  if (!first) return undefined;
  const resolved = file.resolveExpression(first);
  if (resolved.type === 'ObjectExpression') {
    const url = findProperty(resolved, 'url');
    return url ? file.staticString(url.value as Node)?.value : undefined;
  }
  return file.staticString(first)?.value;
}

/** Whether an object literal is sent in a call whose URL contains one of the fragments (case-insensitive). */
export function isSentTo(file: FileContext, object: Node, fragments: readonly string[], catalog: LoadedCatalog): boolean {
  const matches = (url: string | undefined): boolean => url !== undefined && fragments.some((f) => url.toLowerCase().includes(f.toLowerCase()));
  const request = requestOfNode(file, object, catalog);
  if (request?.url && matches(request.url.value)) return true;
  const call = sendingCall(file, object);
  if (!call) return false;
  return matches(callUrl(file, call));
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Text for a key named `name`, in the style of the key it replaces (identifier, quoted, template). */
export function keyText(text: string, key: Node, name: string): string {
  if (key.type === 'Identifier' && IDENTIFIER.test(name)) return name;
  if (key.type === 'Literal' || key.type === 'TemplateLiteral') return quoteLike(quoteOf(text, key), name);
  return quoteLike("'", name);
}

/**
 * The edit renaming a property key (object literal, pattern, signature, class property). Shorthand
 * properties keep their local binding: `{ old }` -> `{ renamed: old }`.
 */
export function renameKeyEdit(text: string, prop: TSESTree.Property | TSESTree.TSPropertySignature | TSESTree.PropertyDefinition, name: string): TextEdit {
  const key = prop.key as Node;
  if (prop.type === 'Property' && prop.shorthand) {
    return { range: [key.range[0], key.range[1]], text: `${name}: ${text.slice(key.range[0], key.range[1])}` };
  }
  return { range: [key.range[0], key.range[1]], text: keyText(text, key, name) };
}

/** The edit renaming what a member expression reads (`a.old`, `a?.old`, `a['old']`). */
export function renameMemberEdit(text: string, member: TSESTree.MemberExpression, name: string): TextEdit {
  const p = member.property as Node;
  if (!member.computed) return { range: [p.range[0], p.range[1]], text: name };
  return { range: [p.range[0], p.range[1]], text: quoteLike(quoteOf(text, p), name) };
}

/**
 * The edit removing one property of an object literal with its comma. A property alone on its line(s)
 * takes the whole line (and a trailing comment on it); an inline one takes the comma and space after it.
 */
export function removePropertyEdit(text: string, object: TSESTree.ObjectExpression, prop: Node): TextEdit {
  return removeListItemEdit(text, object, object.properties as Node[], prop);
}

/** The removal of one element of an array literal (`['Content-Type: application/json', auth]`), as {@link removePropertyEdit} removes a property. */
export function removeElementEdit(text: string, array: TSESTree.ArrayExpression, element: Node): TextEdit | undefined {
  const elements = array.elements as Array<Node | null>;
  if (elements.some((e) => e === null)) return undefined;
  return removeListItemEdit(text, array, elements as Node[], element);
}

function removeListItemEdit(text: string, object: Node, props: Node[], prop: Node): TextEdit {
  const index = props.indexOf(prop);
  const lineStart = text.lastIndexOf('\n', prop.range[0] - 1) + 1;
  const before = text.slice(lineStart, prop.range[0]);
  const end = prop.range[1];
  const after = /^[ \t]*,?[ \t]*(\/\/[^\r\n]*)?(\r?\n|$)/.exec(text.slice(end));
  const next = props[index + 1];
  // Own line: remove the whole line, keeping the newline of the line before.
  if (/^[ \t]*$/.test(before) && after) return { range: [lineStart, end + after[0].length], text: '' };
  if (next) return { range: [prop.range[0], next.range[0]], text: '' };
  const previous = props[index - 1];
  if (previous) return { range: [previous.range[1], prop.range[1]], text: '' };
  // The only property, inline: empty the braces.
  return { range: [object.range[0] + 1, object.range[1] - 1], text: '' };
}
