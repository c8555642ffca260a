/**
 * Module specifiers to files of the scanned project, with oxc-resolver (the resolver of the oxc project whose
 * parser the engine uses): relative paths with the usual extensions and `.js` -> `.ts`, `index` files, package
 * `exports`/`main`, the nearest tsconfig's `paths` and `baseUrl`, CommonJS and ESM conditions. TypeScript's
 * `resolveModuleName` gives the same answers but loads the 9 MB compiler first (527-714 ms per process on this
 * machine against 40 ms for oxc-resolver; each resolution costs about the same, ~0.05 ms cached), and the CLI
 * resolves in every worker thread.
 *
 * The repository is untrusted input, so a resolution is only followed to a regular source file inside the
 * project root and outside `node_modules` (a workspace package linked there is followed to its real path when
 * that is inside the root), and the `package.json` and `tsconfig.json` files the resolver would read on the way
 * are checked first (a link to a device or a huge file is not handed to a reader that cannot be bounded).
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type * as OxcResolver from 'oxc-resolver';
import { parseJsonc } from '../read/jsonc.js';
import { readRegularFile, statOrUndefined } from '../read/read-file.js';
import { isRecording, noteListing, noteProbe, registerProbe, sha1 } from './journal.js';
import { mayHold } from './folder-markers.js';

/** The configuration files the resolver may read in a folder on the way up (checked before it is let read them). */
const MANIFESTS = ['package.json', 'tsconfig.json', 'jsconfig.json'] as const;

/** What else, in a folder, a resolution from a folder below it may read ({@link ModuleResolver}'s scopes). */
const OTHER_SCOPE_MARKERS = ['node_modules', '.pnp.cjs', '.pnp.js'] as const;

/** A `package.json`/`tsconfig.json` that is absent, a regular file of a sane size, or anything else (a device, a FIFO, huge, unreadable). */
function manifestState(file: string): 'absent' | 'safe' | 'unsafe' {
  try {
    const stats = statSync(file, { throwIfNoEntry: false });
    if (!stats) return 'absent';
    return stats.isFile() && stats.size <= MAX_MANIFEST_BYTES ? 'safe' : 'unsafe';
  } catch (error) {
    // `./api.js/package.json`: a specifier that names a file (`import './api.js'`) has no manifest below it.
    return (error as NodeJS.ErrnoException).code === 'ENOTDIR' ? 'absent' : 'unsafe';
  }
}

/** The largest `package.json`/`tsconfig.json` the resolver is let read (a real one is a few KB). */
const MAX_MANIFEST_BYTES = 1024 * 1024;

/**
 * A configuration file's text as JSON with comments, or undefined when it does not parse. Most are plain JSON (every
 * `package.json`), which `JSON.parse` reads as the JSONC reader would (it drops comments and trailing commas, which
 * plain JSON has none of) at a fraction of the tokenizer's cost.
 */
function parseConfig(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Not plain JSON: comments, trailing commas, or not JSON at all.
  }
  try {
    return parseJsonc(text);
  } catch {
    return undefined;
  }
}

/**
 * A package specifier as {@link ModuleResolver}'s `unreachablePackage` reads it: not relative (`.`), absolute (`/`), a
 * package's own import (`#`) or holding a backslash or a colon (a URL, a drive), and no white space or quote.
 */
const PACKAGE_SPECIFIER = /^[^./#\\\s'"][^\\:\s'"]*$/;

/** What may map a package specifier to a file from a folder (ModuleResolver's `packageReach`). */
interface PackageReach {
  names: ReadonlySet<string>;
  stems: readonly string[];
}

/** `"extends": "<path>"`, a configuration's one parent written as a plain string (see {@link extendsOf}). */
const EXTENDS_STRING = /"extends"\s*:\s*"([^"\\\n\r]*)"/;

/**
 * What a configuration's `extends` holds (a string, a list, or undefined), or false when it is not an object. The word
 * written once, as `"extends": "<path>"`, is read without parsing the file (a comment or a nested key so written only
 * adds a file to check); else the file is parsed.
 */
function extendsOf(text: string, lower: string): unknown {
  const first = lower.indexOf('extends');
  const match = first === lower.lastIndexOf('extends') ? EXTENDS_STRING.exec(text) : null;
  if (match) return match[1];
  const json = parseConfig(text);
  return json && typeof json === 'object' && !Array.isArray(json) ? (json as { extends?: unknown }).extends : false;
}

/** Source extensions, in the order a bundler tries them. */
export const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/**
 * Native resolutions after which a {@link ModuleResolver} empties oxc-resolver's own caches (`clearCache`). The
 * binding keeps every path, folder, `package.json` and tsconfig it has looked at, in native memory outside V8's heap,
 * for as long as the resolver lives: on a generated repository of 100,000 files (33,792 resolutions) that was 40-60 MB
 * of the scan's peak RSS (docs/performance.md, "Twenty-seventh session: 30rss"). This class remembers every answer
 * itself (per folder and specifier, and per scope), so the binding's caches only spare it the `stat` calls of
 * resolutions still to come; emptied every 4,096, they hold a few MB. The ten bench repositories make 362-2,803
 * resolutions a scan, so their scans never empty them.
 */
export const NATIVE_CACHE_RESOLUTIONS = 4096;

/**
 * A copy of `text` that holds nothing else in memory. V8 keeps a string cut from a longer one (`text.slice`) as a
 * reference into the whole, and a string joined from others (`${a}\0${b}`) as a reference to each part: a
 * specifier the parser cut from a file, in a key this module keeps for the run, kept that file's whole text (2,367
 * texts, 6.6 MB, at the end of a scan of a generated repository of 100,000 files). Joining a character in front
 * and cutting it off again makes V8 write the characters out once: the key then holds only its own.
 */
export function ownCopy(text: string): string {
  return ` ${text}`.slice(1);
}

/**
 * Whether `NODE_PATH` was set when this module was loaded or when a resolver or a resolver factory was made since: the
 * binding searches its folders for package specifiers too (read once per process, it seems: a factory made later with
 * another value did not see it), so {@link ModuleResolver}'s `unreachablePackage` answers nothing once it was seen.
 * Not read per ask: `process.env` is a call into the runtime each time.
 */
let nodePathSeen = Boolean(process.env.NODE_PATH);

function seeNodePath(): boolean {
  if (process.env.NODE_PATH) nodePathSeen = true;
  return nodePathSeen;
}

let loaded: typeof OxcResolver | undefined;
/** Required on first use: a scan that follows no import never loads the native binding. */
function oxcResolver(): typeof OxcResolver {
  return (loaded ??= createRequire(import.meta.url)('oxc-resolver') as typeof OxcResolver);
}

/**
 * The folder a project's files are resolved within: the nearest ancestor holding `.git`, else the outermost holding
 * a `package.json`, else the outermost of the run's scan roots (`fallbacks`, absolute) that holds the file, else its
 * own folder.
 */
export function projectRootOf(filename: string, fallbacks: readonly string[] = []): string {
  const start = path.dirname(path.resolve(filename));
  const found = markersAbove(start, 0);
  if (found.git ?? found.outermostPackage) return (found.git ?? found.outermostPackage)!;
  let root: string | undefined;
  for (const dir of fallbacks) if (isInside(dir, start) && (root === undefined || dir.length < root.length)) root = dir;
  return root ?? start;
}

/** What {@link projectRootOf} finds from a folder up: the nearest folder holding `.git`, else the outermost holding a `package.json`. */
interface RootMarkers {
  git?: string;
  outermostPackage?: string;
}

/**
 * The markers from each folder up, memoized per folder for the process (as {@link projectOf} keeps roots): the
 * files of a large repository share their ancestors, which are looked at once instead of once per folder.
 */
const markersByFolder = new Map<string, RootMarkers>();

function markersAbove(dir: string, depth: number): RootMarkers {
  const known = markersByFolder.get(dir);
  if (known) return known;
  let found: RootMarkers;
  // A folder the scan's walk listed is probed only for the names its listing holds (folder-markers.ts).
  if (mayHold(dir, '.git') && existsSync(inFolder(dir, '.git'))) found = { git: dir };
  else {
    const up = path.dirname(dir);
    const above = up === dir || depth >= 63 ? {} : markersAbove(up, depth + 1);
    const own = mayHold(dir, 'package.json') && existsSync(inFolder(dir, 'package.json')) ? dir : undefined;
    found = above.git ? above : { outermostPackage: above.outermostPackage ?? own };
  }
  markersByFolder.set(dir, found);
  return found;
}

/**
 * The configuration files a bare specifier's resolution from a folder may read, from the folder up to the root:
 * each folder's `package.json`, `tsconfig.json` and `jsconfig.json` (content) and whether it holds a `node_modules`
 * folder or a Plug'n'Play manifest, hashed. Arg: `<root>\0<folder>`.
 */
function manifestsProbe(arg: string): string {
  const [root, start] = arg.split('\0');
  const parts: string[] = [];
  for (let dir = start; isInside(root, dir); dir = path.dirname(dir)) {
    parts.push(folderManifests(dir));
    if (dir === root || path.dirname(dir) === dir) break;
  }
  return sha1(parts.join('\n'));
}

/** What {@link manifestsProbe} reads in one folder, once per folder and process (folders share their ancestors). */
const manifestsByFolder = new Map<string, string>();
function folderManifests(dir: string): string {
  let known = manifestsByFolder.get(dir);
  if (known !== undefined) return known;
  const parts: string[] = [];
  for (const name of MANIFESTS) {
    const file = inFolder(dir, name);
    let state = '-';
    if (manifestState(file) !== 'absent') {
      try {
        state = sha1(readRegularFile(file, MAX_MANIFEST_BYTES).toString('utf8'));
      } catch {
        state = '?';
      }
    }
    parts.push(`${file}:${state}`);
  }
  for (const name of OTHER_SCOPE_MARKERS) if (existsSync(inFolder(dir, name))) parts.push(inFolder(dir, name));
  manifestsByFolder.set(dir, (known = parts.join('\n')));
  return known;
}
registerProbe('manifests', manifestsProbe);

/** A `.` or `..` segment: a path holding one is not compared as a string ({@link isInside}). */
const SEP = path.sep.charCodeAt(0);
const DOT_SEGMENT = /[\\/]\.\.?(?:[\\/]|$)/;

/**
 * Whether `file` lies inside `root` (or is it). Asked for every resolution and file: a `file` that spells `root`,
 * a separator and more without a `.` or `..` segment is inside it as written, which a string comparison says
 * without `path.relative` (that resolves both paths against the working folder: 1,311 calls and a few percent of
 * `importedTexts` on outline); any other pair is compared by `path.relative`.
 */
export function isInside(root: string, file: string): boolean {
  if (file.length > root.length + 1 && file.charCodeAt(root.length) === SEP && file.startsWith(root) && path.isAbsolute(root) && root.charCodeAt(root.length - 1) !== SEP && !DOT_SEGMENT.test(file.slice(root.length))) return true;
  const rel = path.relative(root, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** A separator twice, or a `.` or `..` segment: a folder written so is not joined by concatenation ({@link inFolder}). */
const UNNORMAL = /[\\/]{2}|[\\/]\.\.?(?:[\\/]|$)/;

/**
 * `path.join(dir, name)` for a plain file name: by concatenation when `dir` is absolute and normalised (every caller
 * passes `path.dirname` of a resolved path), else by `path.join`. The per-folder checks of resolution (the manifests
 * and markers of every folder from a file up, six names each) joined through `path.normalize`, 2-3% of
 * sentry-javascript's main thread (docs/performance.md, round twenty-two).
 */
export function inFolder(dir: string, name: string): string {
  // On Windows `path.join` also turns each `/` into a backslash.
  if (!path.isAbsolute(dir) || UNNORMAL.test(dir) || (path.sep === '\\' && dir.includes('/'))) return path.join(dir, name);
  return dir.charCodeAt(dir.length - 1) === SEP ? dir + name : dir + path.sep + name;
}

/** Resolves specifiers for the files of one project root; results are cached per (folder, specifier). */
export class ModuleResolver {
  private factory: OxcResolver.ResolverFactory | undefined;
  private plain: OxcResolver.ResolverFactory | undefined;
  /** Resolvers of the configurations a solution-style `tsconfig.json` references, per tsconfig ({@link referencedResolvers}). */
  private readonly referenced = new Map<string, OxcResolver.ResolverFactory[]>();
  private readonly cache = new Map<string, string | null>();
  private readonly vetted = new Map<string, boolean>();
  private readonly usable = new Map<string, boolean>();
  /** Answers shared by folders of one {@link scopeOf}, per specifier (a relative one by the absolute path it names). */
  private readonly byScope = new Map<string, string | null>();
  private readonly scopes = new Map<string, number>();
  private readonly scopeIds = new Map<string, number>();
  private readonly folders = new Map<string, { safe: boolean; marks: string }>();
  /** Every oxc-resolver factory this resolver made, and the native resolutions since their caches were last emptied. */
  private readonly natives: OxcResolver.ResolverFactory[] = [];
  private nativeCalls = 0;
  /** {@link nodePathSeen} when this resolver was made, or a test's setting. */
  private nodePath = seeNodePath();

  /** `nativeCacheResolutions`: see {@link NATIVE_CACHE_RESOLUTIONS} (tests lower it). */
  constructor(
    readonly root: string,
    private readonly nativeCacheResolutions = NATIVE_CACHE_RESOLUTIONS,
  ) {}

  /**
   * The files above a folder that a resolution from it may read, as a number: every folder from it up to the
   * file system's root holding a `package.json` (its `imports`, `exports`, `name`, a workspace), a `tsconfig.json`
   * or `jsconfig.json` (found by walking up: `paths`, `baseUrl`), a `node_modules` folder or a Yarn Plug'n'Play
   * manifest (with what is there: {@link folderOf}). Two folders with the same number look up the same files for a specifier that is not relative, so they
   * get the same answer (oxc-resolver's own cache would give it too, after a call into the native binding per
   * folder: on outline 3,433 calls for about 9,000 lookups).
   */
  private scopeOf(dir: string): number {
    const known = this.scopes.get(dir);
    if (known !== undefined) return known;
    const parent = path.dirname(dir);
    const above = parent === dir ? -1 : this.scopeOf(parent);
    const { marks } = this.folderOf(dir);
    let id = above;
    if (marks !== '') {
      const signature = `${above}\0${dir}\0${marks}`;
      id = this.scopeIds.get(signature) ?? this.scopeIds.size;
      this.scopeIds.set(signature, id);
    }
    this.scopes.set(dir, id);
    return id;
  }

  /** The file a specifier written in `fromFile` names, or undefined (outside the project, a package, not found). */
  resolve(fromFile: string, specifier: string): string | undefined {
    const dir = path.dirname(fromFile);
    // Kept for the run: a copy of its own, not a reference to the file's text the specifier was cut from.
    const key = ownCopy(`${dir}\0${specifier}`);
    let found = this.cache.get(key);
    if (found === undefined) this.cache.set(key, (found = this.compute(fromFile, dir, specifier) ?? null));
    this.noteResolution(dir, specifier, found);
    return found ?? undefined;
  }

  /**
   * Records what an answer depends on (engine/project/journal.ts), on every ask since answers are remembered: for a
   * relative specifier, the folder it names a file of and the folder it names (a module added there, `api.ts` next
   * to `api.js`, an `index` file); for another, the configuration files from the folder up to the root
   * ({@link manifestsProbe}: tsconfig `paths`, package `imports`/`exports`); and the folder of the file found.
   */
  private noteResolution(dir: string, specifier: string, found: string | null): void {
    if (!isRecording() || !specifier || specifier.startsWith('node:') || /^[a-z][\w+.-]*:/i.test(specifier)) return;
    // Nothing outside the root is looked at (a specifier naming a folder above it resolves to nothing, whatever is there).
    if (!isInside(this.root, dir)) return;
    if (specifier.startsWith('.')) {
      const target = path.resolve(dir, specifier);
      if (isInside(this.root, path.dirname(target))) noteListing(path.dirname(target));
      if (isInside(this.root, target)) noteListing(target);
    } else noteProbe('manifests', `${this.root}\0${dir}`);
    if (found) noteListing(path.dirname(found));
  }

  private compute(fromFile: string, dir: string, specifier: string): string | undefined {
    if (!specifier || specifier.startsWith('node:') || /^[a-z][\w+.-]*:/i.test(specifier)) return undefined;
    if (!this.isUsable(dir)) return undefined;
    // The same module named from another folder under the same configuration files has the same answer: an alias
    // (`@server/utils/fetch`) or a package name from every folder of the project, a relative path by the path it names.
    const relative = /^\.\.?(?:\/|$)/.test(specifier);
    const target = relative || specifier.startsWith('.') ? path.resolve(dir, specifier) : undefined;
    if (target !== undefined && !relative && !this.isManifestSafe(path.join(target, 'package.json'))) return undefined;
    const shared = ownCopy(`${this.scopeOf(dir)}\0${relative ? `${target}${specifier.endsWith('/') ? '/' : ''}` : specifier}`);
    const known = this.byScope.get(shared);
    if (known !== undefined) return known ?? undefined;
    // A relative path's manifest is the same for every folder that names that path: checked once with the answer. A
    // package name that nothing above the folder can map to a file is not handed to the resolver (unreachablePackage).
    const found = (target !== undefined && relative && !this.isManifestSafe(path.join(target, 'package.json'))) || (target === undefined && this.unreachablePackage(dir, specifier)) ? undefined : this.located(fromFile, specifier);
    this.byScope.set(shared, found ?? null);
    return found;
  }

  /**
   * Whether a package specifier (`zod`, `@sentry/core/utils`, `~/lib/x`: not relative, absolute, `#` or a URL) written
   * in a folder can name no file, known without the resolver. Without a `node_modules` folder or a Plug'n'Play manifest
   * in any folder from it up to the file system's root (and no `NODE_PATH`), such a specifier names a file only through
   * a configuration's `baseUrl` or `paths` (tsconfig, its `extends`, the ones a solution-style tsconfig references,
   * {@link ownPathsResolver}'s aliases) or a package's own name (self-reference through its `exports`). So it names
   * none when no `tsconfig.json` or `jsconfig.json` in those folders, nor any configuration one extends or references,
   * spells `baseUrl` (any letter case, no escape), every `extends` is a relative path to such a file, the
   * specifier does not start with the part before the first `*` of any of their `paths` keys (a trailing `/` cut, so
   * an alias's `name` and `name/...` are both kept), and no `package.json` there that spells `exports` is named as the
   * specifier's package. Each failing resolution cost a call into the native binding and a walk for referenced
   * configurations (sentry-javascript: 571 of its 1,261 calls, files importing test runners, frameworks and Node's
   * modules).
   */
  private unreachablePackage(dir: string, specifier: string): boolean {
    if (this.nodePath || !PACKAGE_SPECIFIER.test(specifier)) return false;
    const above = this.packageReach(dir);
    if (above === undefined) return false;
    const at = specifier.indexOf('/', specifier.startsWith('@') ? specifier.indexOf('/') + 1 : 0);
    return !above.names.has(at < 0 ? specifier : specifier.slice(0, at)) && !above.stems.some((stem) => specifier.startsWith(stem));
  }

  /**
   * What may map a package specifier to a file from a folder ({@link unreachablePackage}): the names of the
   * `package.json` files spelling `exports` and the stems of the `paths` keys of the configurations, from the folder
   * up; undefined when any specifier may name a file from there (a `node_modules` folder, a Plug'n'Play manifest, a
   * `baseUrl`, references, a configuration that cannot be read). Memoized per folder, from its parent's answer.
   */
  private packageReach(dir: string): PackageReach | undefined {
    const known = this.reachByFolder.get(dir);
    if (known !== undefined) return known ?? undefined;
    const parent = path.dirname(dir);
    let reach: PackageReach | undefined = parent === dir ? { names: new Set<string>(), stems: [] } : this.packageReach(parent);
    const marks = this.folderOf(dir).marks;
    if (reach && marks !== '') {
      for (const mark of marks.split('\0')) {
        if (mark === 'package.json') {
          const own = this.packageSelfName(inFolder(dir, mark));
          if (own === false) reach = undefined;
          else if (own !== undefined && !reach.names.has(own)) reach = { names: new Set([...reach.names, own]), stems: reach.stems };
        } else if (mark === 'tsconfig.json' || mark === 'jsconfig.json') {
          const stems = this.configStems(inFolder(dir, mark));
          if (stems === false) reach = undefined;
          else if (stems.length > 0) reach = { names: reach.names, stems: [...reach.stems, ...stems] };
        } else reach = undefined;
        if (!reach) break;
      }
    }
    this.reachByFolder.set(dir, reach ?? null);
    return reach;
  }

  private readonly reachByFolder = new Map<string, PackageReach | null>();

  /** A `package.json`'s name when it spells `exports` (it may be reached by that name), undefined when it does not, false when unreadable. */
  private packageSelfName(file: string): string | undefined | false {
    const text = this.readConfigText(file);
    if (text === undefined) return false;
    if (!text.includes('exports') && !text.includes('\\')) return undefined;
    const json = parseConfig(text);
    if (!json || typeof json !== 'object') return false;
    const name = (json as { name?: unknown }).name;
    return name === undefined ? undefined : typeof name === 'string' ? name : false;
  }

  /**
   * The stems of the `paths` keys of a tsconfig/jsconfig and of every configuration it extends or references, through
   * theirs (a package's configuration extends the root's, which references the packages': the whole graph), for
   * {@link unreachablePackage}; false when one of them may map any package specifier ({@link configStep}) or the graph
   * holds more than 1,000 configurations. Memoized per file.
   */
  private configStems(file: string): readonly string[] | false {
    const known = this.stemsByConfig.get(file);
    if (known !== undefined) return known;
    const seen = new Set<string>([file]);
    const queue = [file];
    const stems = new Set<string>();
    let result: readonly string[] | false = false;
    for (let i = 0; i <= queue.length; i++) {
      if (i === queue.length) {
        result = [...stems];
        break;
      }
      const step = queue.length > 1000 ? false : this.configStep(queue[i]);
      if (step === false) break;
      for (const stem of step.stems) stems.add(stem);
      for (const next of step.next) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    this.stemsByConfig.set(file, result);
    return result;
  }

  private readonly stemsByConfig = new Map<string, readonly string[] | false>();

  /**
   * One configuration's own `paths` key stems and the configurations it extends or references (those present), or
   * false when it may map any package specifier: not a regular file of a sane size, it spells `baseUrl` (in any letter
   * case, so no key of any spelling) or an escape, spells `paths` or `references` in a text that does not parse, or
   * extends anything but a relative path to a file (the path itself or with `.json`: each one present must be a regular
   * file, and one must be). Memoized per file.
   */
  private configStep(file: string): { stems: readonly string[]; next: readonly string[] } | false {
    let step = this.stepByConfig.get(file);
    if (step === undefined) this.stepByConfig.set(file, (step = this.readConfigStep(file)));
    return step;
  }

  private readonly stepByConfig = new Map<string, { stems: readonly string[]; next: readonly string[] } | false>();

  private readConfigStep(file: string): { stems: readonly string[]; next: readonly string[] } | false {
    if (manifestState(file) !== 'safe') return false;
    const text = this.readConfigText(file);
    if (text === undefined || text.includes('\\')) return false;
    const lower = text.toLowerCase();
    if (lower.includes('baseurl')) return false;
    // A key written twice makes the resolver refuse the file (oxc-resolver 11: "duplicate field"), and resolution falls
    // back on ownPathsResolver's aliases, read as here (the last one written).
    const parse = lower.includes('paths') || lower.includes('references');
    const extending = lower.includes('extends');
    if (!parse && !extending) return { stems: [], next: [] };
    const json = parse ? parseConfig(text) : undefined;
    if (parse && (!json || typeof json !== 'object' || Array.isArray(json))) return false;
    const stems: string[] = [];
    const next: string[] = [];
    const options = (json as { compilerOptions?: unknown } | undefined)?.compilerOptions;
    const keys = options && typeof options === 'object' ? (options as { paths?: unknown }).paths : undefined;
    if (keys !== undefined) {
      if (!keys || typeof keys !== 'object' || Array.isArray(keys)) return false;
      for (const key of Object.keys(keys)) {
        const star = key.indexOf('*');
        const stem = star < 0 ? key : key.slice(0, star);
        stems.push(stem.endsWith('/') ? stem.slice(0, -1) : stem);
      }
    }
    // The configurations it references (referencedResolvers resolves with each): a missing one maps nothing, a folder
    // is read through its tsconfig.json.
    const references = (json as { references?: unknown } | undefined)?.references;
    if (references !== undefined) {
      if (!Array.isArray(references)) return false;
      for (const r of references) {
        const ref = r && typeof r === 'object' ? (r as { path?: unknown }).path : undefined;
        if (typeof ref !== 'string') return false;
        const target = path.resolve(path.dirname(file), ref);
        for (const candidate of /\.json$/i.test(target) ? [target] : [path.join(target, 'tsconfig.json'), target]) {
          const state = manifestState(candidate);
          if (state === 'absent' || (state === 'unsafe' && candidate === target && statOrUndefined(target)?.isDirectory())) continue;
          if (state === 'unsafe') return false;
          next.push(candidate);
        }
      }
    }
    if (!extending) return { stems, next };
    const parents = json === undefined ? extendsOf(text, lower) : (json as { extends?: unknown }).extends;
    if (parents === false) return false;
    for (const p of Array.isArray(parents) ? parents : parents === undefined ? [] : [parents]) {
      if (typeof p !== 'string' || !/^\.\.?\//.test(p)) return false;
      const base = path.resolve(path.dirname(file), p);
      let present = 0;
      for (const candidate of [base, `${base}.json`]) {
        const state = manifestState(candidate);
        if (state === 'absent') continue;
        // A folder named by `extends` (anything but a regular file) is left to the resolver.
        if (state === 'unsafe') return false;
        next.push(candidate);
        present++;
      }
      if (present === 0) return false;
    }
    return { stems, next };
  }

  /** The resolver's answer for a specifier written in a file, when it is a source file of the project outside `node_modules`. */
  private located(fromFile: string, specifier: string): string | undefined {
    let result = this.run(this.resolver(), fromFile, specifier);
    // A tsconfig that extends a file the repository lacks (a generated `.svelte-kit/tsconfig.json`) fails every
    // resolution: the same specifier is then resolved without tsconfig paths.
    // Its own `paths` still apply (a tsconfig extending a package the checkout has not installed, `fastify-tsconfig`):
    // they are tried first, as aliases.
    if (result?.error && /tsconfig/i.test(result.error)) {
      const own = /^\.\.?(?:\/|$)/.test(specifier) ? undefined : this.ownPathsResolver(path.dirname(fromFile));
      const aliased = own ? this.run(own, fromFile, specifier) : undefined;
      result = aliased?.path ? aliased : this.run(this.plainResolver(), fromFile, specifier);
    }
    // A solution-style tsconfig (`"files": []` and `references`, Angular's default) holds no `baseUrl` or `paths` of
    // its own: a bare specifier is then resolved with each configuration it references, in order.
    if (!result?.path && !/^\.\.?(?:\/|$)/.test(specifier)) {
      for (const factory of this.referencedResolvers(path.dirname(fromFile))) {
        const found = this.run(factory, fromFile, specifier);
        if (found?.path) {
          result = found;
          break;
        }
      }
    }
    const file = result?.path;
    if (!file || !isInside(this.root, file) || file.split(path.sep).includes('node_modules')) return undefined;
    if (!SOURCE_EXTENSIONS.includes(path.extname(file))) return undefined;
    return file;
  }

  private run(factory: OxcResolver.ResolverFactory, fromFile: string, specifier: string): OxcResolver.ResolveResult | undefined {
    if (++this.nativeCalls > this.nativeCacheResolutions) {
      for (const made of this.natives) made.clearCache();
      this.nativeCalls = 1;
    }
    try {
      // Per file, not per folder: the resolver finds the tsconfig that applies to the file (its `paths`).
      return factory.resolveFileSync(fromFile, specifier);
    } catch {
      return undefined;
    }
  }

  private options(): OxcResolver.NapiResolveOptions {
    return {
      extensions: [...SOURCE_EXTENSIONS, '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'], '.cjs': ['.cts', '.cjs'] },
      conditionNames: ['import', 'require', 'node', 'default'],
      mainFields: ['module', 'main'],
      builtinModules: true,
      symlinks: true,
    };
  }

  private resolver(): OxcResolver.ResolverFactory {
    return (this.factory ??= this.made(new (oxcResolver().ResolverFactory)({ ...this.options(), tsconfig: 'auto' })));
  }

  /**
   * Resolvers for the configurations that the nearest `tsconfig.json` above a folder (inside the root) references,
   * when it is a solution-style one (a `references` list): one per referenced file that is inside the root, a
   * regular file of a sane size, and whose `extends` chain (relative paths) is too. Memoized per tsconfig, and per
   * folder (asked for every bare specifier that fails to resolve: on the platform SDK, whose packages' imports
   * find no `node_modules`, 530 times a scan, each a `stat` per folder up to the nearest tsconfig).
   */
  private referencedResolvers(dir: string): OxcResolver.ResolverFactory[] {
    let list = this.referencedByFolder.get(dir);
    if (!list) this.referencedByFolder.set(dir, (list = this.nearestReferenced(dir)));
    return list;
  }

  private readonly referencedByFolder = new Map<string, OxcResolver.ResolverFactory[]>();

  private nearestReferenced(dir: string): OxcResolver.ResolverFactory[] {
    for (let d = dir; isInside(this.root, d); d = path.dirname(d)) {
      const config = inFolder(d, 'tsconfig.json');
      if (mayHold(d, 'tsconfig.json') && manifestState(config) === 'safe') {
        let list = this.referenced.get(config);
        if (!list) this.referenced.set(config, (list = this.resolversFor(config)));
        return list;
      }
      if (d === this.root || path.dirname(d) === d) break;
    }
    return [];
  }

  private resolversFor(config: string): OxcResolver.ResolverFactory[] {
    // Most configurations list no references: a text without the word (nor an escape that could spell it in a key)
    // is not parsed (the JSONC reader was 2% of sentry-javascript's main thread, one parse per package's tsconfig).
    const text = this.readConfigText(config);
    if (text === undefined || (!text.includes('references') && !text.includes('\\'))) return [];
    const json = parseConfig(text);
    const c = json && typeof json === 'object' ? (json as { references?: unknown; files?: unknown; include?: unknown }) : undefined;
    // Solution-style only (`"files": []`, no `include`): a tsconfig with sources of its own resolves them itself,
    // and trying its references for every bare package name cost babel's scan (150 references) ~20 MB and CPU.
    if (!c || !Array.isArray(c.references) || !Array.isArray(c.files) || c.files.length > 0 || c.include !== undefined) return [];
    const references = c.references;
    const out: OxcResolver.ResolverFactory[] = [];
    for (const r of references.slice(0, 8)) {
      const ref = r && typeof r === 'object' ? (r as { path?: unknown }).path : undefined;
      if (typeof ref !== 'string' || ref.length > 300) continue;
      let file = path.resolve(path.dirname(config), ref);
      if (!/\.json$/i.test(file)) file = path.join(file, 'tsconfig.json');
      if (!this.isConfigChainSafe(file, 0)) continue;
      out.push(this.made(new (oxcResolver().ResolverFactory)({ ...this.options(), tsconfig: { configFile: file } })));
    }
    return out;
  }

  /** A configuration file inside the root, a regular file of a sane size, whose relative `extends` are too (a few levels). */
  private isConfigChainSafe(file: string, depth: number): boolean {
    if (depth > 4 || !isInside(this.root, file) || manifestState(file) !== 'safe') return false;
    const json = this.readConfig(file);
    if (!json || typeof json !== 'object') return false;
    const parents = (json as { extends?: unknown }).extends;
    for (const p of Array.isArray(parents) ? parents : parents === undefined ? [] : [parents]) {
      // A package's configuration (`@tsconfig/node18`) lies in node_modules, which the resolver reads as it does for any tsconfig.
      if (typeof p !== 'string') return false;
      if (!p.startsWith('.')) continue;
      const next = path.resolve(path.dirname(file), p);
      if (!this.isConfigChainSafe(/\.json$/i.test(next) ? next : `${next}.json`, depth + 1)) return false;
    }
    return true;
  }

  private readConfig(file: string): unknown {
    const text = this.readConfigText(file);
    return text === undefined ? undefined : parseConfig(text);
  }

  /** A configuration file's text, read once per resolver (its answers are kept for the resolver's life too). */
  private readConfigText(file: string): string | undefined {
    const known = this.configTexts.get(file);
    if (known !== undefined) return known ?? undefined;
    let text: string | undefined;
    try {
      text = readRegularFile(file, MAX_MANIFEST_BYTES).toString('utf8');
    } catch {
      text = undefined;
    }
    this.configTexts.set(file, text ?? null);
    return text;
  }

  private readonly configTexts = new Map<string, string | null>();

  private readonly ownPaths = new Map<string, OxcResolver.ResolverFactory | null>();

  /**
   * A resolver with the `paths` the nearest `tsconfig.json`/`jsconfig.json` above a folder (inside the root) writes
   * itself, as aliases (`"$lib/*": ["./src/lib/*"]` -> `$lib` for `<baseUrl or its folder>/src/lib`; a key or target
   * with `*` elsewhere than at its end is left out), for when its `extends` names a configuration that is not there
   * and the resolver refuses the whole file. Undefined when it has none. Memoized per configuration file.
   */
  private ownPathsResolver(dir: string): OxcResolver.ResolverFactory | undefined {
    // Per folder too (as {@link referencedResolvers}): asked for every specifier whose resolution fails on the
    // tsconfig (prisma: 695 of 704 resolutions, each a `stat` of two names per folder up to the nearest configuration).
    let known = this.ownPathsByFolder.get(dir);
    if (known === undefined) this.ownPathsByFolder.set(dir, (known = this.nearestOwnPaths(dir) ?? null));
    return known ?? undefined;
  }

  private readonly ownPathsByFolder = new Map<string, OxcResolver.ResolverFactory | null>();

  private nearestOwnPaths(dir: string): OxcResolver.ResolverFactory | undefined {
    for (let d = dir; isInside(this.root, d); d = path.dirname(d)) {
      for (const name of ['tsconfig.json', 'jsconfig.json'] as const) {
        const config = inFolder(d, name);
        if (!mayHold(d, name) || manifestState(config) !== 'safe') continue;
        let known = this.ownPaths.get(config);
        if (known === undefined) this.ownPaths.set(config, (known = this.aliasResolver(config) ?? null));
        return known ?? undefined;
      }
      if (d === this.root || path.dirname(d) === d) break;
    }
    return undefined;
  }

  private aliasResolver(config: string): OxcResolver.ResolverFactory | undefined {
    const json = this.readConfig(config);
    const options = json && typeof json === 'object' ? (json as { compilerOptions?: { paths?: unknown; baseUrl?: unknown } }).compilerOptions : undefined;
    const paths = options?.paths;
    if (!paths || typeof paths !== 'object') return undefined;
    const base = path.resolve(path.dirname(config), typeof options.baseUrl === 'string' ? options.baseUrl : '.');
    const alias: Record<string, string[]> = {};
    for (const [key, targets] of Object.entries(paths as Record<string, unknown>).slice(0, 100)) {
      if (!Array.isArray(targets)) continue;
      const wild = key.endsWith('/*');
      const name = wild ? key.slice(0, -2) : key;
      if (!name || name.includes('*')) continue;
      const list: string[] = [];
      for (const t of targets.slice(0, 8)) {
        if (typeof t !== 'string' || t.length > 300 || (wild ? !t.endsWith('/*') || t.slice(0, -2).includes('*') : t.includes('*'))) continue;
        const target = path.resolve(base, wild ? t.slice(0, -2) : t);
        if (isInside(this.root, target)) list.push(target);
      }
      if (list.length > 0) alias[name] = [...(alias[name] ?? []), ...list.filter((t) => !(alias[name] ?? []).includes(t))];
    }
    return Object.keys(alias).length > 0 ? this.made(new (oxcResolver().ResolverFactory)({ ...this.options(), alias })) : undefined;
  }

  private plainResolver(): OxcResolver.ResolverFactory {
    return (this.plain ??= this.made(new (oxcResolver().ResolverFactory)(this.options())));
  }

  /** Records a factory this resolver made, whose caches {@link run} empties with the others'. */
  private made(factory: OxcResolver.ResolverFactory): OxcResolver.ResolverFactory {
    if (seeNodePath()) this.nodePath = true;
    this.natives.push(factory);
    return factory;
  }

  /** A folder inside the root whose chain {@link isChainSafe} (memoized per folder: `isInside` is a `path.relative`, asked per specifier). */
  private isUsable(dir: string): boolean {
    let usable = this.usable.get(dir);
    if (usable === undefined) this.usable.set(dir, (usable = isInside(this.root, dir) && this.isChainSafe(dir)));
    return usable;
  }

  /** Every `package.json` and `tsconfig.json` from `dir` up to the root is a regular file of a sane size (or absent). */
  private isChainSafe(dir: string): boolean {
    const known = this.vetted.get(dir);
    if (known !== undefined) return known;
    const parent = path.dirname(dir);
    const here = this.folderOf(dir).safe;
    const safe = here && (dir === this.root || parent === dir || !isInside(this.root, parent) || this.isChainSafe(parent));
    this.vetted.set(dir, safe);
    return safe;
  }

  private isManifestSafe(file: string): boolean {
    return manifestState(file) !== 'unsafe';
  }

  /**
   * What a folder holds that resolution depends on, looked at once per folder: whether its `package.json`,
   * `tsconfig.json` and `jsconfig.json` are each absent or a regular file of a sane size ({@link isChainSafe}), and
   * which of those and of the {@link OTHER_SCOPE_MARKERS} are there ({@link scopeOf}).
   */
  private folderOf(dir: string): { safe: boolean; marks: string } {
    let folder = this.folders.get(dir);
    if (!folder) {
      let safe = true;
      const marks: string[] = [];
      // A folder the scan's walk listed is probed only for the names its listing holds (folder-markers.ts).
      for (const name of MANIFESTS) {
        const state = mayHold(dir, name) ? manifestState(inFolder(dir, name)) : 'absent';
        if (state === 'unsafe') safe = false;
        if (state !== 'absent') marks.push(name);
      }
      for (const name of OTHER_SCOPE_MARKERS) if (mayHold(dir, name) && existsSync(inFolder(dir, name))) marks.push(name);
      this.folders.set(dir, (folder = { safe, marks: marks.join('\0') }));
    }
    return folder;
  }
}
