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

/** The largest `package.json`/`tsconfig.json` the resolver is let read (a real one is a few KB). */
const MAX_MANIFEST_BYTES = 1024 * 1024;

/** Source extensions, in the order a bundler tries them. */
export const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

let loaded: typeof OxcResolver | undefined;
/** Required on first use: a scan that follows no import never loads the native binding. */
function oxcResolver(): typeof OxcResolver {
  return (loaded ??= createRequire(import.meta.url)('oxc-resolver') as typeof OxcResolver);
}

/** The folder a project's files are resolved within: the nearest ancestor holding `.git`, else the outermost holding a `package.json`. */
export function projectRootOf(filename: string): string {
  const start = path.dirname(path.resolve(filename));
  const found = markersAbove(start, 0);
  return found.git ?? found.outermostPackage ?? start;
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
  if (existsSync(path.join(dir, '.git'))) found = { git: dir };
  else {
    const up = path.dirname(dir);
    const above = up === dir || depth >= 63 ? {} : markersAbove(up, depth + 1);
    const own = existsSync(path.join(dir, 'package.json')) ? dir : undefined;
    found = above.git ? above : { outermostPackage: above.outermostPackage ?? own };
  }
  markersByFolder.set(dir, found);
  return found;
}

/** Whether `file` lies inside `root` (or is it). */
export function isInside(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Resolves specifiers for the files of one project root; results are cached per (folder, specifier). */
export class ModuleResolver {
  private factory: OxcResolver.ResolverFactory | undefined;
  private plain: OxcResolver.ResolverFactory | undefined;
  private readonly cache = new Map<string, string | null>();
  private readonly vetted = new Map<string, boolean>();

  constructor(readonly root: string) {}

  /** The file a specifier written in `fromFile` names, or undefined (outside the project, a package, not found). */
  resolve(fromFile: string, specifier: string): string | undefined {
    const dir = path.dirname(fromFile);
    const key = `${dir}\0${specifier}`;
    const known = this.cache.get(key);
    if (known !== undefined) return known ?? undefined;
    const found = this.compute(fromFile, dir, specifier) ?? null;
    this.cache.set(key, found);
    return found ?? undefined;
  }

  private compute(fromFile: string, dir: string, specifier: string): string | undefined {
    if (!specifier || specifier.startsWith('node:') || /^[a-z][\w+.-]*:/i.test(specifier)) return undefined;
    if (!isInside(this.root, dir) || !this.isChainSafe(dir)) return undefined;
    if (specifier.startsWith('.') && !this.isManifestSafe(path.join(path.resolve(dir, specifier), 'package.json'))) return undefined;
    let result = this.run(this.resolver(), fromFile, specifier);
    // A tsconfig that extends a file the repository lacks (a generated `.svelte-kit/tsconfig.json`) fails every
    // resolution: the same specifier is then resolved without tsconfig paths.
    if (result?.error && /tsconfig/i.test(result.error)) result = this.run(this.plainResolver(), fromFile, specifier);
    const file = result?.path;
    if (!file || !isInside(this.root, file) || file.split(path.sep).includes('node_modules')) return undefined;
    if (!SOURCE_EXTENSIONS.includes(path.extname(file))) return undefined;
    return file;
  }

  private run(factory: OxcResolver.ResolverFactory, fromFile: string, specifier: string): OxcResolver.ResolveResult | undefined {
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
    return (this.factory ??= new (oxcResolver().ResolverFactory)({ ...this.options(), tsconfig: 'auto' }));
  }

  private plainResolver(): OxcResolver.ResolverFactory {
    return (this.plain ??= new (oxcResolver().ResolverFactory)(this.options()));
  }

  /** Every `package.json` and `tsconfig.json` from `dir` up to the root is a regular file of a sane size (or absent). */
  private isChainSafe(dir: string): boolean {
    const known = this.vetted.get(dir);
    if (known !== undefined) return known;
    const parent = path.dirname(dir);
    const here = this.isManifestSafe(path.join(dir, 'package.json')) && this.isManifestSafe(path.join(dir, 'tsconfig.json')) && this.isManifestSafe(path.join(dir, 'jsconfig.json'));
    const safe = here && (dir === this.root || parent === dir || !isInside(this.root, parent) || this.isChainSafe(parent));
    this.vetted.set(dir, safe);
    return safe;
  }

  private isManifestSafe(file: string): boolean {
    try {
      const stats = statSync(file, { throwIfNoEntry: false });
      return !stats || (stats.isFile() && stats.size <= MAX_MANIFEST_BYTES);
    } catch (error) {
      // `./api.js/package.json`: a specifier that names a file (`import './api.js'`) has no manifest below it.
      return (error as NodeJS.ErrnoException).code === 'ENOTDIR';
    }
  }
}
