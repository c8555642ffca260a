/**
 * Stage `engine/project/`: what needs the whole project rather than one file. It owns the module graph
 * (modules.ts: built lazily from the analysed files outward, imports and exports of ES modules and CommonJS,
 * re-exports and barrels, each module kept by content; the values an imported name stands for), module
 * resolution (resolve.ts: oxc-resolver, tsconfig `paths`, package `exports`, inside the project root), the
 * browser context of a module (context.ts), the ts-morph project (ts-morph.ts: loaded only when a file declares a
 * renamed property; project-wide renames with every reference, then the per-file edits) and, for the adapters
 * that see one file at a time, which renames they must leave to it (this file). The per-function summaries
 * that apply a function of another module at its call sites are the API model's (engine/api/summaries.ts).
 *
 * Property renames that only a project-wide view can make safely, for the adapters that see one file at a
 * time (ESLint, jscodeshift: `EngineOptions.optionStyle` `eslint` / `jscodeshift`). When a file declares a
 * property that a notice renames in a named type (an interface, a type alias's literal, a class) and does
 * not already declare the new name beside it, renaming the declaration here would break every reference in
 * other files, and renaming its uses here without the declaration breaks them too (TS2339, TS2561; `Pick` and
 * `keyof` keys, TS2344). Those findings keep their report but lose the autofix: a suggestion renames in this
 * file only, and the message points to `collab-migrate codemod`, which renames the declaration with every
 * reference and checks the project still compiles. The CLI's `--fix` and the codemod rename such properties
 * project-wide before the per-file edits, so they never get here.
 */
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import { FileContext, propertyKeyName } from '../parse/file-context.js';
import { parseSource } from '../parse/parse.js';
import { formatMessage } from '../detectors/detector.js';
import type { EngineOptions, Match, Notice, Suggestion } from '../types.js';

/** How to install ts-morph (an optional dependency), said where a rename needs it and it is missing. */
export const TS_MORPH_INSTALL = 'npm i -D ts-morph';

/** The report and suggestion messages of a rename left to the codemod. */
export const PROJECT_RENAME_MESSAGES: Record<string, string> = {
  renamedDeclared:
    '`{{name}}` is renamed `{{to}}`, and this file declares it in its own types: renaming it file by file leaves TypeScript errors. Run `collab-migrate codemod --project tsconfig.json`, which renames it with every reference. {{instead}}',
  suggestRenameHere: 'Rename `{{name}}` to `{{to}}` in this file only (its references in other files need the codemod).',
};

/** The `from -> to` property renames of a notice (its `property` detections with `renameTo`). */
export function renamesOf(notice: Notice | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const d of notice?.detections ?? []) {
    const p = d as { kind: string; names?: unknown; renameTo?: unknown };
    if (p.kind !== 'property' || typeof p.renameTo !== 'string' || !Array.isArray(p.names)) continue;
    for (const name of p.names) if (typeof name === 'string' && name !== p.renameTo) out.set(name, p.renameTo);
  }
  return out;
}

/** Whether a notice renames properties (so its rule may report {@link PROJECT_RENAME_MESSAGES}). */
export function hasPropertyRenames(notice: Notice): boolean {
  return notice.fix === 'autofix' && renamesOf(notice).size > 0;
}

/** Whether the run's adapter sees one file at a time. */
export function isPerFileAdapter(engine: EngineOptions | undefined): boolean {
  return engine?.optionStyle === 'eslint' || engine?.optionStyle === 'jscodeshift';
}

/** Names this file declares as properties without the new name declared beside them. */
function declaredAlone(context: FileContext, renames: ReadonlyMap<string, string>): Set<string> {
  const found = new Set<string>();
  for (const prop of [...context.nodes(T.TSPropertySignature), ...context.nodes(T.PropertyDefinition)]) {
    const name = propertyKeyName(prop);
    if (name === undefined || !renames.has(name)) continue;
    const owner = context.parentOf(prop);
    // Only named types reach other files: an interface, a class, a type alias's literal. An inline type literal
    // (a parameter's annotation) is renamed with the code around it.
    if (owner?.type === 'TSTypeLiteral' && context.parentOf(owner)?.type !== 'TSTypeAliasDeclaration') continue;
    const members = owner?.type === 'TSInterfaceBody' || owner?.type === 'ClassBody' ? owner.body : owner?.type === 'TSTypeLiteral' ? owner.members : [];
    const beside = (members as Array<Parameters<typeof propertyKeyName>[0]>).some((m) => m !== prop && propertyKeyName(m) === renames.get(name));
    if (!beside) found.add(name);
  }
  return found;
}

/**
 * For a per-file adapter: the matches of `notices` whose autofix renames a property this file declares (see the
 * module's description) become reports with a suggestion and a pointer to the codemod. Other matches pass as they are.
 */
export function leaveDeclaredRenamesToCodemod(context: FileContext, matches: Match[], notices: readonly Notice[]): Match[] {
  const byId = new Map(notices.map((n) => [n.id, renamesOf(n)]));
  if (![...byId.values()].some((r) => r.size > 0)) return matches;
  const cache = new Map<string, Set<string>>();
  return matches.map((m) => {
    const renames = byId.get(m.noticeId);
    const name = m.data.name;
    if (!m.fix || !renames || renames.size === 0 || name === undefined || !renames.has(name)) return m;
    let declared = cache.get(m.noticeId);
    if (!declared) cache.set(m.noticeId, (declared = declaredAlone(context, renames)));
    if (!declared.has(name)) return m;
    const data = { ...m.data, to: renames.get(name)! };
    const here: Suggestion = { messageId: 'suggestRenameHere', data: { name, to: data.to }, edits: m.fix };
    const { fix: _fix, ...rest } = m;
    return { ...rest, messageId: 'renamedDeclared', data, message: formatMessage(PROJECT_RENAME_MESSAGES.renamedDeclared, data), suggestions: [here, ...(m.suggestions ?? [])] };
  });
}

/**
 * The renamed property names a file declares in a named type without the new name beside them (see
 * {@link leaveDeclaredRenamesToCodemod}), by the engine's own parser: what `--fix` must leave alone when no
 * project-wide rename can be made (ts-morph not installed, or the project could not be loaded). Empty when the
 * file does not parse.
 */
export function declaredRenamedProperties(filename: string, text: string, renames: ReadonlyMap<string, string>): Set<string> {
  if (![...renames.keys()].some((name) => text.includes(name))) return new Set();
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const parsed = parseSource(body, filename);
  if (!parsed.ok) return new Set();
  return declaredAlone(new FileContext(filename, body, parsed.ast), renames);
}

/**
 * Where the renamed properties are declared among `files` (see {@link declaredRenamedProperties}): each name with
 * the files declaring it. With `namedElsewhere`, only the names another of `files` also names, the ones a rename
 * in the declaring files alone would break.
 */
export function declaredRenameSites(files: readonly { filename: string; text: string }[], renames: ReadonlyMap<string, string>, namedElsewhere = false): Map<string, string[]> {
  const declaredIn = new Map<string, string[]>();
  if (renames.size === 0) return declaredIn;
  for (const f of files) for (const name of declaredRenamedProperties(f.filename, f.text, renames)) declaredIn.set(name, [...(declaredIn.get(name) ?? []), f.filename]);
  if (namedElsewhere) {
    for (const [name, declaring] of declaredIn) if (!files.some((f) => !declaring.includes(f.filename) && f.text.includes(name))) declaredIn.delete(name);
  }
  return declaredIn;
}
