/**
 * `property`: a renamed, removed or deprecated property name, wherever code names it: object keys (plain,
 * quoted, computed string, shorthand), member access (also optional chaining and `a['b']`), destructuring
 * (the rename keeps the local name), TS property signatures and class properties, and keys of `.json` /
 * `.yaml` configuration files.
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, memberName, propertyKeyName, type FileContext, type Node } from '../parse/file-context.js';
import type { LoadedCatalog } from '../catalog/catalog.js';
import { requestOfNode } from '../api/index.js';
import { configTie, scopeTie, type Tie } from '../api/tie.js';
import { readersOf } from './held.js';
import type { Detector, DetectorContext, RawMatch, TextFile } from './detector.js';
import type { DetectionScope, PropertyDetection, PropertyUsage, Suggestion, TextEdit } from '../types.js';
import { contractEdit, eitherEdit, isPure, textWithEdit, wholeExpression } from './transitional.js';
import { fileHasAny, isSentTo, removePropertyEdit, renameKeyEdit, renameMemberEdit, sendingCall } from './shared.js';
import { escapeRegExp } from '../prefilter/regexp.js';

const ALL: readonly PropertyUsage[] = ['key', 'read', 'write', 'destructure', 'declaration'];

interface Found {
  node: Node;
  name: string;
  usage: PropertyUsage;
  rename?: (to: string) => TextEdit;
  remove?: () => TextEdit | undefined;
  /** The new name already stands beside the old one (both are accepted during a transition): renaming would duplicate it. */
  taken?: boolean;
  /** A read: the member expression (for the transitional `a.new ?? a.old`). */
  member?: TSESTree.MemberExpression;
}

/** Static key names of an object literal, object pattern, interface body, type literal or class body. */
function siblingNames(container: Node | undefined): Set<string> {
  const names = new Set<string>();
  if (!container) return names;
  const members =
    container.type === 'ObjectExpression' || container.type === 'ObjectPattern'
      ? container.properties
      : container.type === 'TSInterfaceBody' || container.type === 'ClassBody'
        ? container.body
        : container.type === 'TSTypeLiteral'
          ? container.members
          : [];
  for (const m of members as Node[]) {
    if (m.type === 'Property' || m.type === 'TSPropertySignature' || m.type === 'PropertyDefinition') {
      const name = propertyKeyName(m);
      if (name !== undefined) names.add(name);
    }
  }
  return names;
}

/** Whether a member expression is the target of an assignment, update or `delete`. */
function isWrite(file: FileContext, member: TSESTree.MemberExpression): boolean {
  let node: Node = member;
  let parent = file.parentOf(node);
  while (parent && (parent.type === 'TSNonNullExpression' || parent.type === 'TSAsExpression')) {
    node = parent;
    parent = file.parentOf(node);
  }
  if (!parent) return false;
  if (parent.type === 'AssignmentExpression' && parent.left === node) return true;
  if (parent.type === 'UpdateExpression') return true;
  if (parent.type === 'UnaryExpression' && parent.operator === 'delete') return true;
  return false;
}

/** Whether an object key passes the detection's object context (sibling keys or the request it is sent to). */
function objectContextHolds(file: FileContext, object: TSESTree.ObjectExpression, d: PropertyDetection, catalog: LoadedCatalog): boolean {
  if (!d.siblings && !d.requestPaths) return true;
  if (d.siblings) {
    for (const p of object.properties) {
      if (p.type === 'Property' && d.siblings.includes(propertyKeyName(p) ?? '') && !d.names.includes(propertyKeyName(p) ?? '')) return true;
    }
  }
  return d.requestPaths ? isSentTo(file, object, d.requestPaths, catalog) : false;
}

function findUsages(file: FileContext, d: PropertyDetection, catalog: LoadedCatalog): Found[] {
  const names = new Set(d.names);
  const usages = new Set(d.usages ?? ALL);
  const found: Found[] = [];
  const text = file.text;
  if (usages.has('key') || usages.has('destructure')) {
    for (const prop of file.nodes(T.Property)) {
      const name = propertyKeyName(prop);
      if (name === undefined || !names.has(name)) continue;
      const owner = file.parentOf(prop);
      if (owner?.type === 'ObjectExpression') {
        if (!usages.has('key') || !objectContextHolds(file, owner, d, catalog)) continue;
        found.push({
          node: prop.key as Node,
          name,
          usage: 'key',
          rename: (to) => renameKeyEdit(text, prop, to),
          taken: d.renameTo !== undefined && siblingNames(owner).has(d.renameTo),
          remove: () => (requestOfNode(file, owner, catalog) || sendingCall(file, owner) ? removePropertyEdit(text, owner, prop) : undefined),
        });
      } else if (owner?.type === 'ObjectPattern' && usages.has('destructure')) {
        const taken = d.renameTo !== undefined && siblingNames(owner).has(d.renameTo);
        found.push({ node: prop.key as Node, name, usage: 'destructure', rename: (to) => renameKeyEdit(text, prop, to), taken });
      }
    }
  }
  if (usages.has('read') || usages.has('write')) {
    for (const member of file.nodes(T.MemberExpression)) {
      const name = memberName(member);
      if (name === undefined || !names.has(name)) continue;
      const usage: PropertyUsage = isWrite(file, member) ? 'write' : 'read';
      if (!usages.has(usage)) continue;
      found.push({ node: member.property as Node, name, usage, rename: (to) => renameMemberEdit(text, member, to), member });
    }
  }
  if (usages.has('declaration')) {
    const declared = [...file.nodes(T.TSPropertySignature), ...file.nodes(T.PropertyDefinition)];
    for (const prop of declared) {
      const name = propertyKeyName(prop);
      if (name === undefined || !names.has(name)) continue;
      const taken = d.renameTo !== undefined && siblingNames(file.parentOf(prop)).has(d.renameTo);
      found.push({ node: prop.key as Node, name, usage: 'declaration', rename: (to) => renameKeyEdit(text, prop, to), taken });
    }
  }
  return found.sort((a, b) => a.node.range[0] - b.node.range[0]);
}

function messageOf(d: PropertyDetection): string {
  if (d.renameTo) return 'renamed';
  return d.change === 'deprecated' ? 'deprecated' : 'removed';
}

/**
 * The transitional side of a rename (see engine/fix/timing.ts): a read becomes `a.new ?? a.old` (recognised
 * as migrated, and contracted to `a.new`, when already so); a key beside its new name is the "send both"
 * transitional form. Any other usage keeps the old name before the date (for a request, the name the API
 * accepts then) and gets the new one as a suggestion.
 */
function withTransition(file: FileContext | undefined, d: PropertyDetection, f: Pick<Found, 'usage' | 'taken' | 'member'>, raw: RawMatch): RawMatch {
  if (!d.renameTo) return raw;
  if (f.usage === 'key' && f.taken) return { ...raw, migrated: true };
  if (!file || f.usage !== 'read' || !f.member || !raw.fix) return raw;
  const parent = file.parentOf(f.member);
  // A method call (`a.old()`) or an optional call has no `??` form that keeps its `this`.
  if (parent?.type === 'CallExpression' && parent.callee === f.member) return raw;
  const expr = wholeExpression(file, f.member);
  const final = textWithEdit(file, expr, raw.fix[0]);
  const contract = contractEdit(file, expr, final, ['??', '||']);
  if (contract) return { ...raw, messageId: 'renamedFallback', fix: [contract], migrated: true };
  if (!isPure(f.member.object as Node)) return raw;
  return { ...raw, transitional: [eitherEdit(file, expr, final, '??')] };
}

function toRaw(d: PropertyDetection, f: { node?: Node; range?: [number, number]; name: string; taken?: boolean }, edits: { rename?: (to: string) => TextEdit; remove?: () => TextEdit | undefined }): RawMatch {
  const raw: RawMatch = { node: f.node, range: f.range, messageId: messageOf(d), data: { name: f.name, to: d.renameTo ?? '' } };
  if (d.renameTo && f.taken) raw.messageId = 'renamedBoth';
  else if (d.renameTo && edits.rename) raw.fix = [edits.rename(d.renameTo)];
  else if (d.remove && edits.remove) {
    const edit = edits.remove();
    if (edit) raw.fix = [edit];
  }
  if (d.suggest && edits.rename) {
    raw.suggestions = d.suggest.map((to): Suggestion => ({ messageId: 'suggestRename', data: { name: f.name, to }, edits: [edits.rename!(to)] }));
  }
  return raw;
}


/** The tie of an object key (`node`) through the readers of the object holding it (a constant, a function's one return). */
function heldObjectTie(file: FileContext, node: Node, scope: DetectionScope, catalog: LoadedCatalog): Tie | undefined {
  const prop = file.parentOf(node);
  const object = prop?.type === 'Property' ? file.parentOf(prop) : undefined;
  if (object?.type !== 'ObjectExpression') return undefined;
  // Only a reader sent to (or read from) one of the scope's endpoints decides: a likely tie there (a request the
  // engine cannot resolve) says no more than the key's own file does, and Single Number Reach keeps the name.
  for (const reader of readersOf(file, object)) {
    if (reader.file === file && reader.node.range[0] <= node.range[0] && node.range[1] <= reader.node.range[1]) continue;
    const tie = scopeTie(reader.file, reader.node, scope, catalog);
    if (tie?.confidence === 'certain') return tie;
  }
  return undefined;
}

/** `get(obj, 'name')`, `_.get(obj, 'name', dflt)`, `lodash.has(obj, 'name')`: a read of the property the string names. */
function isPathRead(file: FileContext, node: Node): boolean {
  const call = file.parentOf(node);
  if (call?.type !== 'CallExpression' || call.arguments[1] !== node) return false;
  const name = calleeName(call);
  return name === 'get' || name === 'has' || name === 'getOr';
}

/**
 * A property name written as a string and used as a name (thirty-first session, shapegen2): a computed key
 * (`{ [CONFIRM_FIELD]: true }`) or a path read (`get(ring, 'answerConfirmationEnabled')`), the string in place or held
 * by a constant here or in a module imported by the code that uses it (engine/detectors/held.ts). Reported at the
 * string, where the edit is, when a use is tied to the scope (another module's use only when it is certain).
 */
function namesInStrings(file: FileContext, d: PropertyDetection, scope: DetectionScope, catalog: LoadedCatalog, already: readonly RawMatch[]): RawMatch[] {
  const names = new Set(d.names);
  const out: RawMatch[] = [];
  for (const lit of file.nodes(T.Literal)) {
    if (typeof lit.value !== 'string' || !names.has(lit.value)) continue;
    if (already.some((m) => m.node && m.node.range[0] <= lit.range[0] && lit.range[1] <= m.node.range[1])) continue;
    const uses = [{ file, node: lit as Node }, ...readersOf(file, lit)];
    let tie: Tie | undefined;
    for (const use of uses) {
      const parent = use.file.parentOf(use.node);
      const keyed = parent?.type === 'Property' && parent.computed && parent.key === use.node && use.file.parentOf(parent)?.type === 'ObjectExpression';
      // A computed key written with the string itself is a key findUsages reads already.
      if (!(keyed && use.node !== lit) && !isPathRead(use.file, use.node)) continue;
      const t = scopeTie(use.file, use.node, scope, catalog);
      if (t?.confidence === 'certain') {
        tie = t;
        break;
      }
      if (use.file === file) tie ??= t;
    }
    if (!tie) continue;
    const quote = file.text[lit.range[0]];
    out.push({ node: lit, messageId: 'renamed', data: { name: lit.value, to: d.renameTo ?? '' }, fix: [{ range: lit.range, text: `${quote}${d.renameTo}${quote}` }], confidence: tie.confidence, confidenceReason: tie.reason });
  }
  return out;
}

export const propertyDetector: Detector<PropertyDetection> = {
  kind: 'property',
  certainBecause: 'the property name belongs to this notice wherever it is used',
  messages: {
    renamed: '`{{name}}` is renamed `{{to}}`. {{instead}}',
    renamedFallback: '`{{name}}` is still read as a fallback for `{{to}}`; the rename is in force, so the fallback can go. {{instead}}',
    renamedBoth: '`{{name}}` is renamed `{{to}}`, which is already here too: remove `{{name}}` by hand (not fixed automatically, renaming would duplicate `{{to}}`).',
    removed: '`{{name}}` is removed (or ignored) by the API. {{instead}}',
    deprecated: '`{{name}}` is deprecated. {{instead}}',
    suggestRename: 'Rename `{{name}}` to `{{to}}`.',
  },
  tokens(d) {
    return d.names;
  },
  detect(file: FileContext, ctx: DetectorContext<PropertyDetection>): RawMatch[] {
    const d = ctx.detection;
    if (!fileHasAny(file, d.fileContext)) return [];
    const out: RawMatch[] = [];
    for (const f of findUsages(file, d, ctx.catalog)) {
      const raw = withTransition(file, d, f, toRaw(d, f, f));
      if (d.scope?.endpoints.length) {
        let tie = scopeTie(file, f.node, d.scope, ctx.catalog);
        // A key of an object held by a constant or returned by a function (`RING_DEFAULTS`, `ringBody()`), here or
        // in a module that imports it: tied where it is read, when that says more (engine/detectors/held.ts).
        if (tie?.confidence !== 'certain' && f.usage === 'key') tie = heldObjectTie(file, f.node, d.scope, ctx.catalog) ?? tie;
        if (!tie) continue;
        raw.confidence = tie.confidence;
        raw.confidenceReason = tie.reason;
      }
      out.push(raw);
    }
    if (d.scope?.endpoints.length && d.renameTo) out.push(...namesInStrings(file, d, d.scope, ctx.catalog, out));
    return out;
  },
  detectText(file: TextFile, ctx: DetectorContext<PropertyDetection>): RawMatch[] {
    const d = ctx.detection;
    if (!d.config || !/\.(json|jsonc|json5|ya?ml)$/i.test(file.filename)) return [];
    const lower = file.text.toLowerCase();
    if (d.fileContext && !d.fileContext.some((w) => lower.includes(w.toLowerCase()))) return [];
    const yaml = /\.ya?ml$/i.test(file.filename);
    const scope = d.scope?.endpoints.length ? d.scope : undefined;
    const tie = scope ? configTie(file.text, scope) : undefined;
    if (scope && !tie) return [];
    const out: RawMatch[] = [];
    for (const name of d.names) {
      // JSON: a quoted key followed by a colon; YAML: a plain or quoted key at the start of a line or list item.
      const pattern = yaml
        ? new RegExp(`(^|\\n)([ \\t]*(?:-[ \\t]+)?)(["']?)(${escapeRegExp(name)})\\3[ \\t]*:`, 'g')
        : new RegExp(`(["'])(${escapeRegExp(name)})\\1\\s*:`, 'g');
      for (let m = pattern.exec(file.text); m; m = pattern.exec(file.text)) {
        const start = yaml ? m.index + m[1].length + m[2].length + m[3].length : m.index + 1;
        const range: [number, number] = [start, start + name.length];
        // A configuration key is data the program sends: the same transition as an object key.
        const raw = withTransition(undefined, d, { usage: 'key' }, toRaw(d, { range, name }, { rename: (to) => ({ range, text: to }) }));
        if (tie) Object.assign(raw, { confidence: tie.confidence, confidenceReason: tie.reason });
        out.push(raw);
      }
    }
    return out;
  },
};
