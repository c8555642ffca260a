/**
 * One walk over a file's ESTree: parent pointers, nodes indexed by type, constant folding of strings
 * and numbers. Every detector reads the file through this, so the walk happens once per file.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { visitorKeys } from '@typescript-eslint/visitor-keys';
import type { Position } from '../types.js';

export type Node = TSESTree.Node;
export type NodeOfType<T extends Node['type']> = Extract<Node, { type: T }>;

/** A function declaration, function expression or arrow function. */
export type FunctionNode = TSESTree.FunctionDeclaration | TSESTree.FunctionExpression | TSESTree.ArrowFunctionExpression;

/** Whether a node is a {@link FunctionNode}. */
export function isFunctionNode(n: Node | undefined): n is FunctionNode {
  return n?.type === 'ArrowFunctionExpression' || n?.type === 'FunctionExpression' || n?.type === 'FunctionDeclaration';
}

/** Marks the parts of a folded string that are not statically known. */
export const UNKNOWN = '\u0000';

/** A string folded from literals, templates, concatenation and constants. */
export interface StaticString {
  /** The text, with {@link UNKNOWN} standing for every part that is not statically known. */
  value: string;
  /** True when no part is unknown. */
  complete: boolean;
  /**
   * Set when some part is a value the project only suggests (an environment variable's value from an
   * environment file, or assumed from its name: engine/project/env.ts): why a finding resting on it is only likely.
   */
  assumed?: string;
}

const SKIP_KEYS = new Set(['parent', 'loc', 'range', 'tokens', 'comments', 'typeAnnotation', 'returnType', 'typeParameters', 'typeArguments']);
const TYPE_KEYS = new Set(['typeAnnotation', 'returnType', 'typeParameters', 'typeArguments']);

/** Children keys of a node; TS type positions are walked too (interfaces, property signatures). */
export function childKeys(node: Node): readonly string[] {
  const keys = (visitorKeys as Record<string, readonly string[] | undefined>)[node.type];
  if (keys) return keys;
  return Object.keys(node).filter((k) => !SKIP_KEYS.has(k) || TYPE_KEYS.has(k));
}

interface OxcOffsets {
  start: number;
  end: number;
}

import { lineStarts, positionAt } from './positions.js';

export { lineStarts, positionAt };

/** What a name imported by a file stands for in another module: an expression or declaration there, or the module as a namespace. */
export type ForeignValue = { file: FileContext; node: Node } | { file: FileContext; namespace: true };

/**
 * The project's answer to "what does this imported name stand for" (engine/project/modules.ts), set on a file
 * that belongs to a project on disk; without it, imported names are unknown as before.
 */
export interface ImportLinks {
  /** The value a name the file imports (`import`, `require`) stands for in the module it comes from. */
  valueOf(file: FileContext, name: string): ForeignValue | undefined;
  /** What a module exports under a name (`ns.NAME` of a namespace import). */
  memberOf(namespace: FileContext, key: string): ForeignValue | undefined;
  /** Whether a name is bound once in the file (by its destructured `require`, not again by a parameter or an inner declaration). */
  isSoleBinding(file: FileContext, name: string): boolean;
  /** The value the project's environment files give a variable (or its name suggests), with why it is only assumed. */
  envValue?(file: FileContext, name: string): { value: string; assumed: string } | undefined;
}

/** `require('x')` or `require('x').name`: an import, not a value of this file. */
export function isRequireCall(node: Node): boolean {
  let n = unwrap(node);
  if (n.type === 'MemberExpression') n = unwrap(n.object);
  return n.type === 'CallExpression' && n.callee.type === 'Identifier' && n.callee.name === 'require';
}

/** A file's text and AST with the indexes detectors share. */
export class FileContext {
  readonly filename: string;
  readonly text: string;
  readonly ast: TSESTree.Program;
  private readonly byType = new Map<string, Node[]>();
  private readonly constants = new Map<string, TSESTree.Expression | null>();
  private starts: number[] | undefined;
  private readonly memo = new Map<string, unknown>();
  /** Set by the engine for a file of a project on disk: imported names are followed into their modules. */
  links?: ImportLinks;
  /** Set once {@link staticString} has read an environment variable's assumed value (engine/project/env.ts). */
  assumesValues = false;

  constructor(filename: string, text: string, ast: TSESTree.Program) {
    this.filename = filename;
    this.text = text;
    this.ast = ast;
    this.index(ast);
  }

  private index(root: Node): void {
    // Parents are set as properties when a child is pushed, as ESLint's own trees have them: a WeakMap entry
    // per node cost more than the rest of the walk and left ephemeron work for every garbage collection.
    const stack: Node[] = [root];
    const lets: string[] = [];
    const assigned = new Set<string>();
    let setterWrites: TSESTree.AssignmentExpression[] | undefined;
    let exportedLets: Set<string> | undefined;
    while (stack.length > 0) {
      const node = stack.pop()!;
      // A tree parsed with `ranges: false` (engine/parse/parse.ts) has oxc's start/end only.
      if (node.range === undefined) node.range = [(node as unknown as OxcOffsets).start, (node as unknown as OxcOffsets).end];
      if (node.type === 'AssignmentExpression') {
        // `name = value` with a name on the right: perhaps a setter's write (`_setUrl(url) { URL = url; }`), decided after the walk.
        if (node.operator === '=' && node.left.type === 'Identifier' && node.right.type === 'Identifier') (setterWrites ??= []).push(node);
        else for (const name of boundNames(node.left)) assigned.add(name);
      }
      else if (node.type === 'UpdateExpression') for (const name of boundNames(node.argument)) assigned.add(name);
      else if ((node.type === 'ForInStatement' || node.type === 'ForOfStatement') && node.left.type !== 'VariableDeclaration') {
        for (const name of boundNames(node.left)) assigned.add(name);
      }
      let list = this.byType.get(node.type);
      if (!list) this.byType.set(node.type, (list = []));
      list.push(node);
      if (node.type === 'VariableDeclarator') {
        if (node.id.type === 'Identifier') {
          const decl = node.parent as Node | undefined;
          const isConst = decl?.type === 'VariableDeclaration' && decl.kind === 'const';
          const isLet = decl?.type === 'VariableDeclaration' && decl.kind === 'let';
          const name = node.id.name;
          // A name bound more than once (shadowing, a parameter) or a `var` is not folded: null marks it unusable.
          // A `let` folds like a `const` unless the file assigns to the name anywhere (checked after the walk).
          if (this.constants.has(name) || !(isConst || isLet) || !node.init) this.constants.set(name, null);
          else {
            this.constants.set(name, node.init);
            if (isLet) lets.push(name);
            if (isLet && decl?.parent?.type === 'ExportNamedDeclaration') (exportedLets ??= new Set()).add(name);
          }
        } else {
          for (const name of boundNames(node.id)) this.constants.set(name, null);
        }
      } else if (
        node.type === 'FunctionDeclaration' ||
        node.type === 'FunctionExpression' ||
        node.type === 'ArrowFunctionExpression'
      ) {
        for (const param of node.params) for (const name of boundNames(param)) this.constants.set(name, null);
      } else if (node.type === 'CatchClause' && node.param) {
        for (const name of boundNames(node.param)) this.constants.set(name, null);
      }
      const keys = childKeys(node);
      for (let k = keys.length - 1; k >= 0; k--) {
        const value = (node as unknown as Record<string, unknown>)[keys[k]];
        if (Array.isArray(value)) {
          for (let i = value.length - 1; i >= 0; i--) {
            const child = value[i] as Node | null;
            if (child && typeof child.type === 'string') {
              (child as { parent?: Node }).parent = node;
              stack.push(child);
            }
          }
        } else if (value && typeof (value as Node).type === 'string') {
          (value as { parent?: Node }).parent = node;
          stack.push(value as Node);
        }
      }
    }
    // An exported string `let` that only setters assign (`export let URL = '...'` and `function _setUrl(url) { URL = url; }`,
    // a test hook) folds to the value the module starts with, as a parameter's default does: importers read that binding
    // and cannot write it. Any other write unfolds it, and so does a setter of a `let` the module keeps to itself
    // (`let base = ...; exports.use = (b) => { base = b; }`: configuration, whose value is unknown; test/api-importers).
    for (const write of setterWrites ?? []) {
      const name = (write.left as TSESTree.Identifier).name;
      const init = this.constants.get(name);
      if (!init || !exportedLets?.has(name) || (init.type !== 'TemplateLiteral' && !(init.type === 'Literal' && typeof init.value === 'string')) || !isSetterWrite(write)) assigned.add(name);
    }
    for (const name of lets) if (assigned.has(name)) this.constants.set(name, null);
    // Document order for every index (the stack visits children in order, but be explicit).
    for (const list of this.byType.values()) list.sort((a, b) => a.range[0] - b.range[0]);
  }

  /** Every node of a type, in document order. */
  nodes<T extends Node['type']>(type: T): NodeOfType<T>[] {
    return (this.byType.get(type) ?? []) as NodeOfType<T>[];
  }

  /** The parent of a node (ESLint's own `parent` when present). */
  parentOf(node: Node): Node | undefined {
    return node.parent as Node | undefined;
  }

  /** Ancestors, nearest first. */
  *ancestors(node: Node): Generator<Node> {
    for (let p = this.parentOf(node); p; p = this.parentOf(p)) yield p;
  }

  /** Source text of a node or range. */
  getText(node: Node | readonly [number, number]): string {
    const range = 'type' in node ? (node as Node).range : (node as readonly [number, number]);
    return this.text.slice(range[0], range[1]);
  }

  /** Offset -> line/column. */
  positionAt(offset: number): Position {
    this.starts ??= lineStarts(this.text);
    return positionAt(this.starts, offset);
  }

  /** Whether the file's text contains a string (cheap context checks such as "the file uses errorCodes"). */
  contains(token: string): boolean {
    return this.text.includes(token);
  }

  /** Per-file memo for detectors sharing derived data (e.g. the request list). */
  cached<T>(key: string, compute: () => T): T {
    // One look-up when the value is kept (a kept `undefined` is told from none by a second).
    let value = this.memo.get(key);
    if (value === undefined && !this.memo.has(key)) {
      value = compute();
      this.memo.set(key, value);
    }
    return value as T;
  }

  /**
   * The value a name holds where it is read, when no constant gives it (an undeclared name, a `let` or `var` the
   * file assigns): the nearest earlier statement of the statement list around the read that assigns the name as a
   * whole (`url = base + path;`), with no other write to the name (an assignment, `++`, a declaration) between it
   * and the read. Undefined for a write, a declaration, a property key, or where any of that is not so.
   */
  reachingAssignment(use: TSESTree.Identifier): Node | undefined {
    const writes = this.writesOf(use.name);
    if (writes.assignments === 0) return undefined;
    const parent = this.parentOf(use);
    if (!parent) return undefined;
    if ((parent.type === 'AssignmentExpression' && parent.left === use) || (parent.type === 'VariableDeclarator' && parent.id === use)) return undefined;
    if ((parent.type === 'MemberExpression' && parent.property === use && !parent.computed) || (parent.type === 'Property' && parent.key === use && !parent.computed && !parent.shorthand)) return undefined;
    let stmt: Node = use;
    let list: Node[] | undefined;
    for (let p: Node | undefined = parent; p; stmt = p, p = this.parentOf(p)) {
      if (p.type === 'BlockStatement' || p.type === 'Program' || p.type === 'StaticBlock') list = p.body as Node[];
      else if (p.type === 'SwitchCase') list = p.consequent as Node[];
      if (list) break;
    }
    const index = list ? list.indexOf(stmt) : -1;
    for (let i = index - 1; i >= 0; i--) {
      const s = list![i];
      if (s.type !== 'ExpressionStatement' || s.expression.type !== 'AssignmentExpression') continue;
      const a = s.expression;
      if (a.operator !== '=' || a.left.type !== 'Identifier' || a.left.name !== use.name) continue;
      return writes.nodes.some((w) => w !== a && w.range[0] > a.range[0] && w.range[0] < use.range[0]) ? undefined : (a.right as Node);
    }
    return undefined;
  }

  /** The nodes that write a name anywhere in the file (assignments, updates, declarations), and how many assignments. */
  private writesOf(name: string): { nodes: Node[]; assignments: number } {
    return this.cached(`writes:${name}`, () => {
      const assignments = this.nodes('AssignmentExpression' as TSESTree.AssignmentExpression['type']).filter((a) => boundNames(a.left).includes(name));
      if (assignments.length === 0) return { nodes: [], assignments: 0 };
      const updates = this.nodes('UpdateExpression' as TSESTree.UpdateExpression['type']).filter((u) => boundNames(u.argument).includes(name));
      const declarations = this.nodes('VariableDeclarator' as TSESTree.VariableDeclarator['type']).filter((d) => boundNames(d.id).includes(name));
      return { nodes: [...assignments, ...updates, ...declarations] as Node[], assignments: assignments.length };
    });
  }

  /** The initializer of a `const` (or a `let` the file never assigns to) declared once in the file under this name. */
  constantInit(name: string): TSESTree.Expression | undefined {
    return this.constants.get(name) ?? undefined;
  }

  /**
   * What a name this file imports stands for in its module (through re-exports and CommonJS), when the file
   * belongs to a project on disk; undefined for a name bound in this file (a local binding hides the import).
   */
  importedValue(name: string): ForeignValue | undefined {
    if (!this.links) return undefined;
    if (this.constants.has(name)) {
      // `const x = require('./a')` and `const { x } = require('./a')` bind the import itself; any other binding hides it.
      const init = this.constants.get(name);
      if (init ? !isRequireCall(init) : !this.links.isSoleBinding(this, name)) return undefined;
    }
    return this.links.valueOf(this, name);
  }

  /**
   * The expression a name or member chain stands for, and in which file: this file's constants first, then,
   * with {@link links}, imported names and members of imported objects and namespaces. Undefined for a
   * namespace or where nothing is known.
   */
  locate(node: Node, depth = 0): { file: FileContext; node: Node } | undefined {
    if (depth > 12) return undefined;
    const direct = unwrap(node);
    if (direct.type === 'Identifier' && this.links) {
      const far = this.importedValue(direct.name);
      if (far) return 'node' in far ? (far.file.locate(far.node, depth + 1) ?? far) : undefined;
    }
    const n = this.resolveExpression(node);
    if (n.type === 'Identifier') {
      const far = this.importedValue(n.name);
      return far && 'node' in far ? (far.file.locate(far.node, depth + 1) ?? far) : undefined;
    }
    if (n.type === 'MemberExpression') {
      const local = this.resolveMember(n);
      if (local) return this.locate(local, depth + 1) ?? { file: this, node: local };
      const far = this.foreignMember(n, depth);
      return far ? (far.file.locate(far.node, depth + 1) ?? far) : undefined;
    }
    return { file: this, node: n };
  }

  /**
   * Where a name's or member's value is written, for the folding of strings and numbers: this file's constant
   * (unless it is a `require()` call and `skipRequire`), the member a local object gives, or, with {@link links},
   * the node in the module that exports it.
   */
  private valueSource(n: TSESTree.Identifier | TSESTree.MemberExpression, depth: number, skipRequire: boolean): { file: FileContext; node: Node } | undefined {
    if (n.type === 'Identifier') {
      const init = this.constantInit(n.name);
      if (init && !(skipRequire && this.links && isRequireCall(init))) return { file: this, node: init };
      const far = this.links ? this.importedValue(n.name) : undefined;
      return far && 'node' in far ? far : undefined;
    }
    const target = this.resolveMember(n, depth);
    if (target) return { file: this, node: target };
    return this.links ? this.foreignMember(n, depth) : undefined;
  }

  /**
   * `env.NAME` where `env` is envalid's `cleanEnv(process.env, spec)` (here or in a module it comes from): the
   * variable's name and the `default` its validator gives (`NAME: url({ default: 'https://...' })`), if any.
   */
  private envalidVariable(n: TSESTree.MemberExpression, depth: number): { name: string; file: FileContext; fallback?: Node } | undefined {
    const name = memberName(n);
    if (name === undefined || !/^[A-Za-z_]\w*$/.test(name) || depth > 12) return undefined;
    const object = unwrap(n.object);
    if (object.type !== 'Identifier' && object.type !== 'MemberExpression') return undefined;
    const source = object.type === 'Identifier' ? this.valueSource(object, depth + 1, true) : this.links ? this.foreignMember(object, depth + 1) : undefined;
    if (!source) return undefined;
    const value = source.file.locate(source.node, depth + 1) ?? source;
    const call = unwrap(value.node);
    if (call.type !== 'CallExpression' || calleeName(call) !== 'cleanEnv' || call.arguments.length < 2) return undefined;
    const spec = unwrap(call.arguments[1] as Node);
    if (spec.type !== 'ObjectExpression') return undefined;
    const prop = findProperty(spec, name);
    if (!prop) return undefined;
    const validator = unwrap(prop.value as Node);
    const options = validator.type === 'CallExpression' && validator.arguments[0] ? unwrap(validator.arguments[0] as Node) : undefined;
    const fallback = options?.type === 'ObjectExpression' ? findProperty(options, 'default')?.value : undefined;
    return { name, file: value.file, fallback: fallback as Node | undefined };
  }

  /** `IMPORTED.key`, `ns.KEY`, `IMPORTED.a.b`: the value node in the module that holds it. */
  private foreignMember(n: TSESTree.MemberExpression, depth: number): { file: FileContext; node: Node } | undefined {
    const key = memberName(n);
    if (key === undefined || !this.links || depth > 12) return undefined;
    const object = this.resolveExpression(n.object);
    const written = unwrap(n.object);
    let holder: ForeignValue | undefined;
    if (object.type === 'Identifier') holder = this.importedValue(object.name);
    // `const Http = require('./http')`: the name's constant is the `require()` call, its value the module's.
    else if (written.type === 'Identifier' && isRequireCall(object)) holder = this.importedValue(written.name);
    else if (object.type === 'MemberExpression') holder = this.foreignMember(object, depth + 1);
    if (!holder) return undefined;
    if ('namespace' in holder) {
      const member = this.links.memberOf(holder.file, key);
      return member && 'node' in member ? member : undefined;
    }
    const value = holder.file.locate(holder.node, depth + 1);
    // A static member of an imported class (`Request.get(...)`, `Webex.apiUrl`): the method or the field's value.
    if (value?.node.type === 'ClassDeclaration' || value?.node.type === 'ClassExpression') {
      const member = staticMember(value.node, key);
      // A static field assigned anywhere in its file holds what ran last: not answered.
      if (!member?.value || (member.type === 'MethodDefinition' && member.kind !== 'method') || (member.type === 'PropertyDefinition' && reassignedStatic(value.file, value.node, key))) return undefined;
      return { file: value.file, node: member.value as Node };
    }
    const member = value ? memberValue(value.node, key) : undefined;
    return member ? { file: value!.file, node: member } : undefined;
  }

  /**
   * SvelteKit's environment modules: `import { PUBLIC_X as Y } from '$env/static/public'` (or `private`) binds `Y`
   * to the variable `PUBLIC_X`; `import { env } from '$env/dynamic/public'` binds `env`, whose `env.PUBLIC_X` reads
   * it (`*` stands for such a whole-environment binding). Local name to variable name, from the file's imports.
   */
  private svelteKitEnv(): ReadonlyMap<string, string> {
    return this.cached('file:sveltekit-env', () => {
      const out = new Map<string, string>();
      if (!this.text.includes('$env/')) return out;
      for (const st of this.ast.body) {
        if (st.type !== 'ImportDeclaration') continue;
        const m = /^\$env\/(static|dynamic)\/(?:public|private)$/.exec(String(st.source.value));
        if (!m) continue;
        for (const sp of st.specifiers) {
          if (sp.type !== 'ImportSpecifier') continue;
          const imported = sp.imported.type === 'Identifier' ? sp.imported.name : String(sp.imported.value);
          if (m[1] === 'static') out.set(sp.local.name, imported);
          else if (imported === 'env') out.set(sp.local.name, '*');
        }
      }
      return out;
    });
  }

  /** The variable a name imported from `$env/static/*` stands for (not when a constant of the file hides it). */
  private svelteKitEnvName(name: string): string | undefined {
    const v = this.svelteKitEnv().get(name);
    return v !== undefined && v !== '*' && !this.constants.has(name) ? v : undefined;
  }

  /** `env.PUBLIC_X` of `import { env } from '$env/dynamic/public'`: the variable it reads. */
  private svelteKitEnvMember(n: TSESTree.MemberExpression): string | undefined {
    const object = unwrap(n.object);
    const key = memberName(n);
    if (object.type !== 'Identifier' || key === undefined || this.svelteKitEnv().get(object.name) !== '*' || this.constants.has(object.name)) return undefined;
    return /^[A-Za-z_]\w*$/.test(key) ? key : undefined;
  }

  /** Follows identifiers to their single `const` (or never-reassigned `let`) initializer and unwraps TS wrappers and parentheses. */
  resolveExpression(node: Node, depth = 0): Node {
    let current = unwrap(node);
    for (let i = depth; i < 8 && current.type === 'Identifier'; i++) {
      const init = this.constantInit(current.name);
      if (!init) break;
      current = unwrap(init);
    }
    return current;
  }

  /** Folds an expression to a string where literals, templates, `+`, constants, `new URL()` and object constants allow. */
  staticString(node: Node | null | undefined, depth = 0): StaticString | undefined {
    if (!node || depth > 12) return undefined;
    const n = unwrap(node);
    switch (n.type) {
      case 'Literal':
        if (typeof n.value === 'string') return { value: n.value, complete: true };
        if (typeof n.value === 'number' || typeof n.value === 'boolean') return { value: String(n.value), complete: true };
        return undefined;
      case 'TemplateLiteral':
        return foldTemplate(n, (e) => this.staticString(e, depth + 1));
      case 'BinaryExpression':
        return n.operator === '+' ? concatStatic(this.staticString(n.left, depth + 1), this.staticString(n.right, depth + 1)) : undefined;
      case 'Identifier':
      case 'MemberExpression': {
        // `new URL(path, base).href`: the URL the constructor folds to (a URL object held by a name may be changed
        // before it is read, so only the expression itself).
        if (n.type === 'MemberExpression' && memberName(n) === 'href' && isNewUrl(n.object)) return this.staticString(n.object, depth + 1);
        // `config.env.NAME` where `env = cleanEnv(process.env, { NAME: url({ default: X }) })` (envalid): the variable
        // NAME as the repository's environment files give it, else the spec's default. An assumption either way.
        const validated = n.type === 'MemberExpression' && this.links?.envValue ? this.envalidVariable(n, depth) : undefined;
        if (validated) {
          const found = this.links!.envValue!(this, validated.name);
          this.assumesValues = true;
          if (found) return { value: found.value, complete: true, assumed: found.assumed };
          const fallback = validated.fallback ? validated.file.staticString(validated.fallback, depth + 1) : undefined;
          if (fallback?.complete) return { value: fallback.value, complete: true, assumed: envalidDefaultReason(validated.name) };
          return { value: UNKNOWN, complete: false, assumed: unknownEnvReason(validated.name) };
        }
        const env = this.links?.envValue ? this.envNameOf(n) : undefined;
        if (env !== undefined) {
          const found = this.links!.envValue!(this, env);
          // No value in the repository, and a name that does not say the platform: an unknown base is not the
          // platform's, so a URL that starts with it is the API only by its path (at most likely, naming the variable).
          if (!found) {
            this.assumesValues = true;
            return { value: UNKNOWN, complete: false, assumed: unknownEnvReason(env) };
          }
          this.assumesValues = true;
          return { value: found.value, complete: true, assumed: found.assumed };
        }
        // A `require()` of this file is the imported module's value, which the links read, not a string here.
        const source = this.valueSource(n, depth, true);
        if (source) return source.file.staticString(source.node, depth + 1);
        // `Config.apiUrl`: a static field of a class declared here or imported.
        const field = n.type === 'MemberExpression' ? this.staticMemberOf(n, depth) : undefined;
        if (field) return field.member.type === 'PropertyDefinition' && field.member.value ? field.file.staticString(field.member.value as Node, depth + 1) : undefined;
        // `Rooms.name` of a class declared here (no static `name` of its own): the class's name.
        if (n.type === 'MemberExpression' && memberName(n) === 'name' && unwrap(n.object).type === 'Identifier' && this.topLevelClassNames().has((unwrap(n.object) as TSESTree.Identifier).name)) {
          const named = this.classNamed((unwrap(n.object) as TSESTree.Identifier).name, depth);
          const id = named?.file === this ? named.cls.id : undefined;
          if (id && named && !staticMember(named.cls, 'name')) return { value: id.name, complete: true };
        }
        // `url = `https://webexapis.com/v1/${path}`;` earlier in the same statement list (an undeclared name, a
        // `let` assigned again): the value that reaches this read.
        if (n.type === 'Identifier') {
          const reaching = this.reachingAssignment(n);
          if (reaching) return this.staticString(reaching, depth + 1);
        }
        return undefined;
      }
      case 'LogicalExpression': {
        // `process.env.API_URL ?? 'https://...'` (or `||`): the variable's value where the repository gives one, else
        // the fallback, which is then an assumed value (the deployment may set the variable).
        const left = unwrap(n.left);
        const env = n.operator !== '&&' && this.links?.envValue && (left.type === 'Identifier' || left.type === 'MemberExpression') ? this.envNameOf(left) : undefined;
        if (env === undefined) return undefined;
        const set = this.staticString(left, depth + 1);
        if (set && !(set.assumed !== undefined && isUnknownEnvReason(set.assumed))) return set;
        const fallback = this.staticString(n.right, depth + 1);
        // Only a fallback naming a service's host says where the request goes: one on this machine (a local proxy or
        // mock, `http://localhost:8080/v1`, a one-label name such as a container's `http://mock:4010`) or without a host
        // (`/api`) says nothing, and the API path decides.
        const host = fallback ? /^https?:\/\/(\[[^\]/]*\]|[^/:?#\u0000]+)/i.exec(fallback.value)?.[1] : undefined;
        const namesService = host !== undefined && host.includes('.') && !LOOPBACK_HOST.test(host);
        return fallback && namesService ? { ...fallback, assumed: envFallbackReason(env) } : set;
      }
      case 'NewExpression': {
        if (isUrlConstructor(n) && n.arguments.length > 0) {
          const path = this.staticString(n.arguments[0] as Node, depth + 1);
          const base = n.arguments[1] ? this.staticString(n.arguments[1] as Node, depth + 1) : undefined;
          if (!path) return base ? withAssumed({ value: base.value + UNKNOWN, complete: false }, base) : undefined;
          if (!base || /^[a-z]+:\/\//i.test(path.value)) return path;
          return withAssumed({ value: joinUrl(base.value, path.value), complete: base.complete && path.complete }, base, path);
        }
        return undefined;
      }
      case 'CallExpression': {
        // `path.join`-free URL helpers are too varied; only `String(x)` and `.concat` fold.
        if (n.callee.type === 'Identifier' && n.callee.name === 'String' && n.arguments[0]) {
          return this.staticString(n.arguments[0] as Node, depth + 1);
        }
        // `new URL(path, base).toString()`: as `.href`.
        if (n.callee.type === 'MemberExpression' && n.arguments.length === 0 && memberName(n.callee) === 'toString' && isNewUrl(n.callee.object)) {
          return this.staticString(n.callee.object, depth + 1);
        }
        // `s.toLowerCase()`, `s.toUpperCase()` of a wholly known string.
        if (n.callee.type === 'MemberExpression' && n.arguments.length === 0 && /^to(Lower|Upper)Case$/.test(memberName(n.callee) ?? '')) {
          const subject = this.staticString(n.callee.object, depth + 1);
          if (!subject?.complete) return undefined;
          return { ...subject, value: memberName(n.callee) === 'toLowerCase' ? subject.value.toLowerCase() : subject.value.toUpperCase() };
        }
        // `Config.getApiUrl()`: a static getter of a class declared here or imported, whose body is one `return`.
        if (n.callee.type === 'MemberExpression' && n.arguments.length === 0) {
          const method = this.staticMemberOf(n.callee, depth);
          const fn = method?.member.type === 'MethodDefinition' && method.member.kind === 'method' ? method.member.value : undefined;
          const only = fn?.body?.body.length === 1 ? fn.body.body[0] : undefined;
          if (!method || only?.type !== 'ReturnStatement' || !only.argument) return undefined;
          const returned = unwrap(only.argument as Node);
          // `return this.apiUrl` in a static method: `this` is the class.
          if (returned.type === 'MemberExpression' && unwrap(returned.object).type === 'ThisExpression') {
            const key = memberName(returned);
            const field = key === undefined ? undefined : staticMember(method.cls, key);
            return field?.type === 'PropertyDefinition' && field.value && !reassignedStatic(method.file, method.cls, key!) ? method.file.staticString(field.value as Node, depth + 1) : undefined;
          }
          return method.file.staticString(returned, depth + 1);
        }
        return undefined;
      }
      default:
        return undefined;
    }
  }

  /** The environment variable an expression reads (`process.env.X`, `import.meta.env.X`, SvelteKit's `$env` names), or undefined. */
  private envNameOf(n: TSESTree.Identifier | TSESTree.MemberExpression): string | undefined {
    return n.type === 'MemberExpression' ? (envVariableName(n) ?? this.svelteKitEnvMember(n)) : this.svelteKitEnvName(n.name);
  }

  /**
   * The static member a `Name.key` reads, where `Name` is a class declared once at this file's top level (or a
   * `const` holding a class expression) or, with {@link links}, the class an imported name stands for. A static
   * field assigned anywhere in its class's file is not answered (its value depends on what ran before).
   */
  staticMemberOf(node: TSESTree.MemberExpression, depth = 0): { file: FileContext; cls: ClassLike; member: TSESTree.MethodDefinition | TSESTree.PropertyDefinition } | undefined {
    const key = memberName(node);
    const object = unwrap(node.object);
    if (key === undefined || object.type !== 'Identifier' || depth > 12) return undefined;
    const found = this.classNamed(object.name, depth);
    const member = found ? staticMember(found.cls, key) : undefined;
    if (!found || !member || (member.type === 'PropertyDefinition' && reassignedStatic(found.file, found.cls, key))) return undefined;
    return { ...found, member };
  }

  /** The names of the classes declared at this file's top level (memoized: `x.name` is read often, a class's name rarely). */
  private topLevelClassNames(): ReadonlySet<string> {
    return this.cached('file:top-level-classes', () => {
      const names = new Set<string>();
      for (const top of this.ast.body) {
        const st = (top.type === 'ExportNamedDeclaration' || top.type === 'ExportDefaultDeclaration') && top.declaration ? top.declaration : top;
        if (st.type === 'ClassDeclaration' && st.id) names.add(st.id.name);
      }
      return names;
    });
  }

  /** The class a name stands for: declared once at this file's top level, a `const` class expression, or imported. */
  private classNamed(name: string, depth: number): { file: FileContext; cls: ClassLike } | undefined {
    const init = this.constantInit(name);
    if (init) {
      const u = unwrap(init);
      return u.type === 'ClassExpression' ? { file: this, cls: u } : undefined;
    }
    const declared: ClassLike[] = [];
    for (const top of this.ast.body) {
      const st = (top.type === 'ExportNamedDeclaration' || top.type === 'ExportDefaultDeclaration') && top.declaration ? top.declaration : top;
      if (st.type === 'ClassDeclaration' && st.id?.name === name) declared.push(st);
    }
    if (declared.length === 1) return { file: this, cls: declared[0] };
    if (declared.length > 1 || !this.links) return undefined;
    const far = this.importedValue(name);
    if (!far || !('node' in far)) return undefined;
    const where = far.file.locate(far.node, depth + 1) ?? far;
    const n = unwrap(where.node);
    return n.type === 'ClassDeclaration' || n.type === 'ClassExpression' ? { file: where.file, cls: n } : undefined;
  }

  /** `OBJ.key` where `const OBJ = { key: ... }`: the property's value node. */
  resolveMember(node: TSESTree.MemberExpression, depth = 0): Node | undefined {
    const key = memberName(node);
    if (key === undefined) return undefined;
    const object = unfrozen(this.resolveExpression(node.object, depth));
    if (object.type !== 'ObjectExpression') return undefined;
    const prop = findProperty(object, key);
    return prop ? (prop.value as Node) : undefined;
  }

  /** Folds a numeric expression (literals, unary minus, constants, simple arithmetic). */
  staticNumber(node: Node | null | undefined, depth = 0): number | undefined {
    if (!node || depth > 12) return undefined;
    const n = unwrap(node);
    switch (n.type) {
      case 'Literal':
        return typeof n.value === 'number' ? n.value : undefined;
      case 'UnaryExpression': {
        const v = this.staticNumber(n.argument, depth + 1);
        if (v === undefined) return undefined;
        return n.operator === '-' ? -v : n.operator === '+' ? v : undefined;
      }
      case 'BinaryExpression': {
        const a = this.staticNumber(n.left as Node, depth + 1);
        const b = this.staticNumber(n.right, depth + 1);
        if (a === undefined || b === undefined) return undefined;
        switch (n.operator) {
          case '+': return a + b;
          case '-': return a - b;
          case '*': return a * b;
          case '/': return b === 0 ? undefined : a / b;
          default: return undefined;
        }
      }
      case 'Identifier':
      case 'MemberExpression': {
        const source = this.valueSource(n, depth, false);
        return source?.file.staticNumber(source.node, depth + 1);
      }
      default:
        return undefined;
    }
  }
}

/** Folds a template literal, each substitution by `part` (an unknown part becomes {@link UNKNOWN}). */
export function foldTemplate(n: TSESTree.TemplateLiteral, part: (expr: Node) => StaticString | undefined): StaticString {
  let value = '';
  let complete = true;
  let assumed: string | undefined;
  n.quasis.forEach((q, i) => {
    value += q.value.cooked ?? q.value.raw;
    const expr = n.expressions[i];
    if (expr) {
      const folded = part(expr as Node);
      // An unknown variable's reason counts only where it is the URL's base (the template's start).
      if (folded?.assumed !== undefined && (value === '' || !isUnknownEnvReason(folded.assumed))) assumed ??= folded.assumed;
      value += folded ? folded.value : UNKNOWN;
      complete &&= folded?.complete ?? false;
    }
  });
  return assumed === undefined ? { value, complete } : { value, complete, assumed };
}

/** `left + right` of two folded strings; undefined when neither side is known. */
export function concatStatic(left: StaticString | undefined, right: StaticString | undefined): StaticString | undefined {
  if (!left && !right) return undefined;
  // An unknown variable's reason counts only where it is the URL's base (the left-most part).
  const tail = right?.assumed !== undefined && isUnknownEnvReason(right.assumed) && (left === undefined || left.value !== '') ? { ...right, assumed: undefined } : right;
  return withAssumed({ value: (left?.value ?? UNKNOWN) + (right?.value ?? UNKNOWN), complete: (left?.complete ?? false) && (right?.complete ?? false) }, left, tail);
}

const UNKNOWN_ENV_REASON = /^the URL's base is the environment variable [\w$]+, whose value the repository does not give/;

/** Why a URL whose base is an envalid-checked variable's `default` (no environment file sets it) is only likely. */
export function envalidDefaultReason(name: string): string {
  return `the URL's base is the environment variable ${name}, read as the default its envalid spec gives (a deployment sets its own)`;
}

/**
 * Why a URL whose base is an environment variable with no value in the repository and no fallback is only likely
 * (docs/evaluation.md, `26rest`): a base the code does not know is not the platform's; the path alone says API.
 */
export function unknownEnvReason(name: string): string {
  return `the URL's base is the environment variable ${name}, whose value the repository does not give (no environment file sets it, no fallback): the API only by its path`;
}

/** Hosts of this machine (a local proxy, mock or dev server), `*.localhost` included (RFC 6761). */
export const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$|\.localhost$/i;

/** Why a URL whose base is an environment variable's fallback (`process.env.NAME ?? '<url>'`, no value in the repository) is only likely. */
export function envFallbackReason(name: string): string {
  return `the URL's base is the fallback of the environment variable ${name}, which the repository does not set (a deployment may)`;
}

/** Whether an {@link StaticString.assumed} reason is {@link unknownEnvReason}'s (not an assumed value: no value at all). */
export function isUnknownEnvReason(reason: string): boolean {
  return UNKNOWN_ENV_REASON.test(reason);
}

/** A folded string made of parts, carrying the first part's {@link StaticString.assumed} reason. */
export function withAssumed(s: StaticString, ...parts: Array<StaticString | undefined>): StaticString {
  const assumed = parts.find((p) => p?.assumed !== undefined)?.assumed;
  return assumed === undefined ? s : { ...s, assumed };
}

/**
 * The variable an environment read names: `process.env.NAME`, `process.env['NAME']`, `import.meta.env.NAME`
 * (Vite); undefined for anything else.
 */
export function envVariableName(n: TSESTree.MemberExpression): string | undefined {
  const object = unwrap(n.object);
  if (object.type !== 'MemberExpression' || memberName(object) !== 'env') return undefined;
  const holder = unwrap(object.object);
  const isProcess = holder.type === 'Identifier' && holder.name === 'process';
  const isImportMeta = holder.type === 'MetaProperty' && holder.meta.name === 'import' && holder.property.name === 'meta';
  if (!isProcess && !isImportMeta) return undefined;
  const name = memberName(n);
  return name !== undefined && /^[A-Za-z_][\w]*$/.test(name) ? name : undefined;
}

/** Names a binding pattern introduces (`a`, `{ a, b: c }`, `[d, ...e]`, `f = 1`). */
export function boundNames(pattern: Node): string[] {
  switch (pattern.type) {
    case 'Identifier':
      return [pattern.name];
    case 'ObjectPattern':
      return pattern.properties.flatMap((p) => (p.type === 'RestElement' ? boundNames(p.argument) : boundNames(p.value as Node)));
    case 'ArrayPattern':
      return pattern.elements.flatMap((e) => (e ? boundNames(e) : []));
    case 'RestElement':
      return boundNames(pattern.argument);
    case 'AssignmentPattern':
      return boundNames(pattern.left);
    case 'TSParameterProperty':
      return boundNames(pattern.parameter);
    default:
      return [];
  }
}

/** `Object.freeze(x)` is `x` (it returns its argument). */
export function unfrozen(node: Node): Node {
  let n = node;
  for (let i = 0; i < 3 && n.type === 'CallExpression' && n.arguments.length === 1 && n.arguments[0].type !== 'SpreadElement' && dottedName(n.callee) === 'Object.freeze'; i++) n = unwrap(n.arguments[0] as Node);
  return n;
}

/**
 * The value a holder gives `key`: an object literal's property (through `Object.freeze`), or a TypeScript enum's
 * member with an initializer (`enum Api { Base = 'https://...' }`; a member without one is a number: undefined).
 */
function memberValue(holder: Node, key: string): Node | undefined {
  const n = unfrozen(unwrap(holder));
  if (n.type === 'ObjectExpression') return findProperty(n, key)?.value as Node | undefined;
  if (n.type !== 'TSEnumDeclaration') return undefined;
  const member = n.body.members.find((m) => (m.id.type === 'Identifier' ? m.id.name : String((m.id as TSESTree.StringLiteral).value)) === key);
  return member?.initializer as Node | undefined;
}

/** Strips parentheses-free wrappers: `x as T`, `x!`, `<T>x`, `x satisfies T`. */
export function unwrap(node: Node): Node {
  let n = node;
  while (
    n.type === 'TSAsExpression' ||
    n.type === 'TSNonNullExpression' ||
    n.type === 'TSTypeAssertion' ||
    n.type === 'TSSatisfiesExpression' ||
    n.type === 'ChainExpression'
  ) {
    n = n.expression as Node;
  }
  return n;
}

/** The static name of a property key (`a`, `'a'`, `['a']`), or undefined when computed dynamically. */
export function propertyKeyName(prop: TSESTree.Property | TSESTree.PropertyDefinition | TSESTree.TSPropertySignature | TSESTree.MethodDefinition): string | undefined {
  const key = prop.key as Node;
  if (!prop.computed && key.type === 'Identifier') return key.name;
  if (key.type === 'Literal' && (typeof key.value === 'string' || typeof key.value === 'number')) return String(key.value);
  if (key.type === 'TemplateLiteral' && key.expressions.length === 0) return key.quasis[0].value.cooked ?? undefined;
  return undefined;
}

/** The static name read by a member expression (`a.b`, `a['b']`), or undefined. */
export function memberName(node: TSESTree.MemberExpression): string | undefined {
  const p = node.property as Node;
  if (!node.computed && p.type === 'Identifier') return p.name;
  if (p.type === 'Literal' && (typeof p.value === 'string' || typeof p.value === 'number')) return String(p.value);
  if (p.type === 'TemplateLiteral' && p.expressions.length === 0) return p.quasis[0].value.cooked ?? undefined;
  return undefined;
}

/** The property of an object literal with this static key (last one wins, as at run time). */
export function findProperty(object: TSESTree.ObjectExpression, name: string): TSESTree.Property | undefined {
  let found: TSESTree.Property | undefined;
  for (const p of object.properties) {
    if (p.type === 'Property' && propertyKeyName(p) === name) found = p;
  }
  return found;
}

/** Static keys of an object literal (spreads are ignored). */
export function propertyNames(object: TSESTree.ObjectExpression): string[] {
  const names: string[] = [];
  for (const p of object.properties) {
    if (p.type === 'Property') {
      const name = propertyKeyName(p);
      if (name !== undefined) names.push(name);
    }
  }
  return names;
}

/** The name a call's callee ends in: `fetch`, `axios.get` -> `get`, `jwt.sign` -> `sign`. */
export function calleeName(call: TSESTree.CallExpression | TSESTree.NewExpression): string | undefined {
  const callee = unwrap(call.callee as Node);
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression') return memberName(callee);
  return undefined;
}

/** `a.b.c` as text for simple member chains, else undefined. */
export function dottedName(node: Node): string | undefined {
  const n = unwrap(node);
  if (n.type === 'Identifier') return n.name;
  if (n.type === 'ThisExpression') return 'this';
  if (n.type === 'MemberExpression') {
    const object = dottedName(n.object);
    const name = memberName(n);
    return object !== undefined && name !== undefined ? `${object}.${name}` : undefined;
  }
  return undefined;
}

/** `new URL(...)`, or `new url.URL(...)` of node's `url` module (`const url = require('url')`). */
export function isUrlConstructor(n: TSESTree.NewExpression): boolean {
  const c = n.callee;
  if (c.type === 'Identifier') return c.name === 'URL';
  return c.type === 'MemberExpression' && !c.computed && c.property.type === 'Identifier' && c.property.name === 'URL' && c.object.type === 'Identifier';
}

/** Whether a node is `new URL(...)` itself (with at least one argument). */
function isNewUrl(node: Node): boolean {
  const n = unwrap(node);
  return n.type === 'NewExpression' && isUrlConstructor(n) && n.arguments.length > 0;
}

/** Joins a base URL and a relative path the way `new URL(path, base)` would for API paths. */
export function joinUrl(base: string, path: string): string {
  if (path.startsWith('/')) {
    const m = /^([a-z]+:\/\/[^/]*)/i.exec(base);
    return m ? m[1] + path : base.replace(/\/$/, '') + path;
  }
  return base.replace(/\/?$/, '/') + path;
}

/** Whether a string literal node is quoted with `'`, `"` or is a template. */
export function quoteOf(text: string, node: Node): string {
  const first = text[node.range[0]];
  return first === '"' || first === "'" || first === '`' ? first : "'";
}

/** A string literal's text in the quote style of an existing literal, escaping as needed. */
export function quoteLike(quote: string, value: string): string {
  const escaped = value.replace(/\\/g, '\\\\').split(quote).join(`\\${quote}`);
  return quote + (quote === '`' ? escaped.replace(/\$\{/g, '\\${') : escaped) + quote;
}

type ClassLike = TSESTree.ClassDeclaration | TSESTree.ClassExpression;

/** A class's static field or method named `key`. */
function staticMember(cls: ClassLike, key: string): TSESTree.MethodDefinition | TSESTree.PropertyDefinition | undefined {
  const list = cls.body.body.filter(
    (m): m is TSESTree.MethodDefinition | TSESTree.PropertyDefinition =>
      (m.type === 'MethodDefinition' || m.type === 'PropertyDefinition') && m.static && !m.computed && m.key.type === 'Identifier' && m.key.name === key,
  );
  return list.length === 1 ? list[0] : undefined;
}

/** Whether a file assigns to a static field: `Name.key = ...` or `this.key = ...` anywhere in it. */
function reassignedStatic(file: FileContext, cls: ClassLike, key: string): boolean {
  const name = cls.id?.name;
  return file.nodes('AssignmentExpression' as TSESTree.AssignmentExpression['type']).some((a) => {
    const left = a.left;
    if (left.type !== 'MemberExpression' || memberName(left) !== key) return false;
    const o = unwrap(left.object);
    return o.type === 'ThisExpression' || (o.type === 'Identifier' && o.name === name);
  });
}

/**
 * Whether an assignment `name = param` is a setter's write: in a function (not the module's top level, not a callback
 * handed to a call such as `hosts.forEach((h) => { URL = h; })`), whose own parameter is the value written.
 */
function isSetterWrite(write: TSESTree.AssignmentExpression): boolean {
  const value = (write.right as TSESTree.Identifier).name;
  for (let p = write.parent as Node | undefined; p; p = p.parent as Node | undefined) {
    if (p.type === 'FunctionDeclaration' || p.type === 'FunctionExpression' || p.type === 'ArrowFunctionExpression') {
      const holder = p.parent as Node | undefined;
      if ((holder?.type === 'CallExpression' || holder?.type === 'NewExpression') && (holder.arguments as readonly Node[]).includes(p)) return false;
      return p.params.some((param) => param.type === 'Identifier' && param.name === value);
    }
  }
  return false;
}
