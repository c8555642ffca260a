/**
 * Whether a module runs in a browser, known from the project rather than from the file: an HTML page of the
 * repository loads it (`<script src>`, a script it loads that imports it, or an inline module script that imports
 * it), the file is markup itself (an HTML page's inline script, a Vue or Svelte component: {@link markupEvidence}),
 * a front-end component or a file that reads `window`/`document`/`localStorage` imports it, or its package says so (a `browser` field; a front-end
 * framework with its bundler's configuration, not one building for Node, or an app builder such as
 * `react-scripts`, and no server framework, for the files of its `src/` tree that do not say they are server code;
 * a SvelteKit app built with the static adapter). A folder's name alone is not evidence.
 *
 * Asked only by detections about browser code (the `cors-localhost-origins` notice), for a file that makes an API
 * request: the pages, manifests and importers are read then, and remembered per folder for the process.
 */
import { readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import jsTokens from 'js-tokens';
import type { FileContext, Node } from '../parse/file-context.js';
import { parseJsonc } from '../read/jsonc.js';
import { readRegularFile, statOrUndefined, walkEntry } from '../read/read-file.js';
import { isAstroFile, isComponentFile, isMarkupFile, scriptBlocks } from '../read/script-blocks.js';
import { projectOf, SPECIFIER_PREFIX, specifiersIn, type ProjectModel } from './modules.js';
import { isInside } from './resolve.js';
import { capture, journaled, note, noteListing, noteText, replay, type Journaled } from './journal.js';

/** Largest HTML page, manifest or importer read for the evidence. */
const MAX_READ = 1024 * 1024;
/** Most files of a package searched for importers of a module. */
const MAX_IMPORTERS_SEARCHED = 400;

const BROWSER_FRAMEWORKS = ['react-dom', 'vue', 'svelte', '@angular/core', 'preact', 'solid-js', 'lit'];
/** A bundler's configuration file, also a variant of it (`webpack.config.dev.js`, `webpack.dev.js`, `vite.config.prod.ts`). */
const BUNDLER_CONFIG =
  /^(vite|webpack|rollup|svelte|vue|parcel|snowpack|esbuild)\.config(?:\.[\w-]+)?\.[cm]?[jt]s$|^webpack\.(?:dev|development|prod|production|common|base)\.[cm]?[jt]s$|^angular\.json$|^\.parcelrc$/;
/**
 * A bundler configuration that builds for Node or Electron's main process, not a page (`target: 'node'`). Linear on
 * hostile text: `\s*(?:\[\s*)?` (not `\s*\[?\s*`, which split a run of white space every way), and a `build: {` is
 * read up to the next one (which reads the same rest), not from every start to the `}`.
 */
const NODE_TARGET = /\btarget\s*:\s*(?:\[\s*)?['"`](?:async-)?node|\btarget\s*:\s*(?:\[\s*)?['"`]electron-(?:main|preload)|\bplatform\s*:\s*['"`]node['"`]|\bssr\s*:\s*\{|\bbuild\s*:\s*\{(?:(?!\bbuild\s*:\s*\{)[^}])*\bssr\s*:/;
/** Development dependencies that build the package's `src/` tree into a web app with no configuration file of their own. */
const APP_BUILDERS = ['react-scripts', 'gatsby', 'vite', '@vitejs/plugin-react', '@vitejs/plugin-react-swc', '@vitejs/plugin-vue', 'parcel', '@angular/cli', '@vue/cli-service'];
/** A module a file imports or requires by name (`from 'fs'`, `import 'node:http'`, `require('express')`, `import('fs')`). */
const MODULE_NAME = new RegExp(String.raw`${SPECIFIER_PREFIX}(['"])([\w@:./-]{1,100})\1`, 'g');
/** Modules only Node (or a server) provides: a file that imports one runs on a server, whatever its package builds. */
const NODE_ONLY_MODULES = new Set(['fs', 'fs/promises', 'http', 'https', 'http2', 'net', 'tls', 'child_process', 'cluster', 'dgram', 'worker_threads', 'readline', 'dns']);
/** Dependencies that put code of the same package on a server (a full-stack app's `src/` is not all browser code). */
const SERVER_FRAMEWORKS = ['express', 'koa', 'fastify', 'next', 'nuxt', '@remix-run/node', 'hapi', '@hapi/hapi', '@nestjs/core', 'hono', '@tanstack/react-start', '@tanstack/solid-start', '@tanstack/start'];
const BROWSER_GLOBAL_READ = /\b(?:window|document|localStorage|sessionStorage|navigator)\s*\??\.\s*[A-Za-z_$]/;

/** Tokens that are not the module's own code: comments, and the text of strings and templates. */
const NOT_CODE = new Set(['SingleLineComment', 'MultiLineComment', 'StringLiteral', 'NoSubstitutionTemplate', 'TemplateHead', 'TemplateMiddle', 'TemplateTail']);

const BROWSER_GLOBAL_NAMES = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator'] as const;
/**
 * A line that may declare one of those names itself (checked closely by {@link declaresName}). A declaration is
 * read up to the next declaring word (which reads the same rest), not from every start to the line's end.
 */
const MAY_DECLARE_GLOBAL = /\b(?:const|let|var|function|import|catch)\b(?:(?!\b(?:const|let|var|function|import|catch)\b)[^;\n])*\b(?:window|document|localStorage|sessionStorage|navigator)\b|\b(?:window|document|localStorage|sessionStorage|navigator)\s*(?:[,)=:]|=>)/;

/**
 * Whether the code (comments and strings blanked) binds `name` itself: `const document = ...`, `let { window } =
 * new JSDOM()`, `const localStorage = new LocalStorage(...)` (node-localstorage), an import of that name, a
 * parameter (`function render(document)`, `(window) => ...`, `window => ...`), a `catch (document)`. Such a file's
 * `document.` is its own value, not the browser's.
 */
function declaresName(code: string, name: string): boolean {
  const w = `\\b${name}\\b`;
  const patterns = [
    `\\b(?:const|let|var|function|class)\\s+${name}\\b`,
    `\\b(?:const|let|var)\\s*[{[][^=;]*?(?<![:.]\\s*)${w}(?!\\s*:)[^=;]*?[}\\]]\\s*=`,
    `\\bimport\\s+(?:type\\s+)?(?:${w}|[^;]*?(?:[{,]\\s*|\\bas\\s+)${name}\\s*[,}][^;]*?\\bfrom\\b)`,
    `(?<!\\b(?:if|while|for|switch|return|typeof|await|in|of)\\s*)\\(\\s*(?:[^()]*?,\\s*)?${name}\\s*(?:[,:=][^()]*)?\\)\\s*(?:=>|\\{)`,
    `(?<![.\\w$])${name}\\s*=>`,
    `\\bcatch\\s*\\(\\s*${name}\\s*\\)`,
  ];
  return patterns.some((p) => new RegExp(p).test(code));
}

/**
 * Whether a text reads a browser global (`window.`, `document.`, `localStorage.`, `sessionStorage.`, `navigator.`)
 * in its own code: not in a comment (`// ... booked inside this window.` is prose) nor in the text of a string or
 * template (a server route's HTML response with an inline `<script>` reading `window.opener` runs in the page that
 * receives it, not in the module), and not a name the file binds itself ({@link declaresName}: a MongoDB
 * `document`, jsdom's `window`, node-localstorage's `localStorage` are values of a Node program). Comments and
 * string texts are dropped by a tokenizer (js-tokens) only when the plain text matches.
 */
export function readsBrowserGlobals(text: string): boolean {
  if (!BROWSER_GLOBAL_READ.test(text)) return false;
  if (MAY_DECLARE_GLOBAL.test(text)) {
    let code = '';
    for (const t of jsTokens(text)) code += NOT_CODE.has(t.type) ? ' ' : t.value;
    return BROWSER_GLOBAL_NAMES.some((name) => new RegExp(`\\b${name}\\s*\\??\\.\\s*[A-Za-z_$]`).test(code) && !declaresName(code, name));
  }
  // The code is searched as it grows (each time its length doubles), and the rest left untokenized once a read is
  // found: a match in a prefix of the code is one in the whole (the pattern reads nothing after what it matches).
  // On a package's files that read browser globals, 2-2.5x less CPU than tokenizing every file to its end.
  let code = '';
  let next = 4096;
  for (const t of jsTokens(text)) {
    code += NOT_CODE.has(t.type) ? ' ' : t.value;
    if (code.length >= next) {
      if (BROWSER_GLOBAL_READ.test(code)) return true;
      next = code.length * 2;
    }
  }
  return BROWSER_GLOBAL_READ.test(code);
}
const SOURCE = /\.(?:[cm]?[jt]sx?|svelte|vue|astro)$/;

/**
 * Methods of headless-browser and WebDriver APIs that run the function they are given inside the page they
 * drive (Puppeteer and Playwright `page.evaluate`, `evaluateOnNewDocument`, `addInitScript`, `$eval`, `$$eval`,
 * `waitForFunction`, `evaluateHandle`; WebDriver `executeScript`, `executeAsyncScript`). Such a function's code
 * runs in that page, not where the file runs: its `document` or `navigator` says nothing about the file.
 */
const PAGE_SCRIPT_METHODS = new Set(['evaluate', 'evaluateOnNewDocument', 'evaluateHandle', 'addInitScript', '$eval', '$$eval', 'waitForFunction', 'executeScript', 'executeAsyncScript']);

/** Whether a node lies in a function passed to a method that runs it in a driven page ({@link PAGE_SCRIPT_METHODS}). */
export function inDrivenPageScript(file: FileContext, node: Node): boolean {
  for (const a of file.ancestors(node)) {
    if (a.type !== 'ArrowFunctionExpression' && a.type !== 'FunctionExpression') continue;
    const call = file.parentOf(a);
    if (call?.type !== 'CallExpression' || !call.arguments.includes(a as never) || call.callee.type !== 'MemberExpression') continue;
    const name = call.callee.property.type === 'Identifier' && !call.callee.computed ? call.callee.property.name : undefined;
    if (name !== undefined && PAGE_SCRIPT_METHODS.has(name)) return true;
  }
  return false;
}

/** Data functions a framework runs on the server only, whatever file exports them (Next.js, Gatsby). */
const SERVER_DATA_EXPORTS = new Set(['getServerSideProps', 'getStaticProps', 'getStaticPaths', 'getServerData']);
/** A route module's exports that Remix and React Router's framework mode run on the server only (not `clientLoader`). */
const ROUTE_SERVER_EXPORTS = new Set(['loader', 'action']);
/** Dependencies of a Remix or React Router framework app, whose route modules' `loader`/`action` run on the server. */
const ROUTE_SERVER_FRAMEWORK = /^@remix-run\/|^@react-router\/(?:dev|node|serve)$/;

/** The name a function is exported under in its own declaration (`export function f`, `export const f = () =>`). */
function exportedFunctionName(file: FileContext, fn: Node): string | undefined {
  if (fn.type === 'FunctionDeclaration') return fn.id && file.parentOf(fn)?.type === 'ExportNamedDeclaration' ? fn.id.name : undefined;
  const decl = file.parentOf(fn);
  if (decl?.type !== 'VariableDeclarator' || decl.init !== fn || decl.id.type !== 'Identifier') return undefined;
  const list = file.parentOf(decl);
  return list && file.parentOf(list)?.type === 'ExportNamedDeclaration' ? decl.id.name : undefined;
}

/** Whether a body's directive prologue holds the directive (`'use server'`, `'use client'`). */
function hasDirective(body: readonly Node[], directive: string): boolean {
  for (const s of body) {
    if (s.type !== 'ExpressionStatement' || s.expression.type !== 'Literal' || typeof s.expression.value !== 'string') return false;
    if (s.expression.value === directive) return true;
  }
  return false;
}

/**
 * Why a node of a module lies in code that runs on the server only though the module may be browser code: a
 * module or function that says `'use server'` (React server actions), a data function a framework calls on the
 * server (`getServerSideProps`, `getStaticProps`, `getStaticPaths`, Gatsby's `getServerData`), or the `loader` or
 * `action` a Remix or React Router framework route module exports. Undefined otherwise.
 */
export function serverOnlyCode(file: FileContext, node: Node): string | undefined {
  if (hasDirective(file.ast.body, 'use server')) return "its module says `'use server'`";
  let routeApp: boolean | undefined;
  for (const a of file.ancestors(node)) {
    if (a.type !== 'FunctionDeclaration' && a.type !== 'FunctionExpression' && a.type !== 'ArrowFunctionExpression') continue;
    if (a.body.type === 'BlockStatement' && hasDirective(a.body.body, 'use server')) return "its function says `'use server'`";
    const name = exportedFunctionName(file, a);
    if (name === undefined) continue;
    if (SERVER_DATA_EXPORTS.has(name)) return `it is in \`${name}\`, which the framework runs on the server`;
    if (ROUTE_SERVER_EXPORTS.has(name)) {
      routeApp ??= routeServerApp(file.filename);
      if (routeApp) return `it is in the route module's \`${name}\`, which runs on the server`;
    }
  }
  return undefined;
}

/** Whether a module belongs to a Remix or React Router framework app (its package depends on one). */
function routeServerApp(name: string): boolean {
  const project = projectOf(name);
  if (!project) return false;
  const pkg = packageOf(project.root, path.dirname(path.resolve(name)));
  return [...dependencies(pkg?.json)].some((d) => ROUTE_SERVER_FRAMEWORK.test(d));
}

/** A file's text (recorded as a dependency of the analysis, engine/project/journal.ts). */
function readText(file: string): string | undefined {
  let text: string | undefined;
  try {
    text = readRegularFile(file, MAX_READ).toString('utf8');
  } catch {
    text = undefined;
  }
  noteText(file, text);
  return text;
}

/** A file's text when it is a regular file (its absence recorded as a dependency too). */
function readIfFile(file: string): string | undefined {
  if (statOrUndefined(file)?.isFile()) return readText(file);
  note(file, '');
  return undefined;
}

/** A folder's names (recorded as a dependency of the analysis). */
function listDir(dir: string): string[] {
  noteListing(dir);
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

interface PackageInfo {
  dir: string;
  json: Record<string, unknown> | undefined;
}

const packages = new Map<string, Journaled<PackageInfo | null>>();

/**
 * The nearest folder at or above `dir`, inside `root`, where `here` finds what is looked for; remembered per folder
 * in `cache` with what was read to find it (engine/project/journal.ts).
 */
function nearestUp<T>(cache: Map<string, Journaled<T | null>>, root: string, dir: string, here: (dir: string) => T | undefined): T | undefined {
  return (
    // Per root too: a folder's answer is bounded by the root (a file with no marker above it has the run's scan root).
    journaled(cache, `${root}\0${dir}`, () => {
      const parent = path.dirname(dir);
      return here(dir) ?? (dir !== root && isInside(root, parent) && parent !== dir ? nearestUp(cache, root, parent, here) : undefined) ?? null;
    }) ?? undefined
  );
}

/** The nearest `package.json` at or above a folder, inside the root. */
function packageOf(root: string, dir: string): PackageInfo | undefined {
  return nearestUp(packages, root, dir, (d) => {
    const file = path.join(d, 'package.json');
    const text = readIfFile(file);
    if (text === undefined) return undefined;
    let json: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      json = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      json = undefined;
    }
    return { dir: d, json };
  });
}

function dependencies(json: Record<string, unknown> | undefined): Set<string> {
  const out = new Set<string>();
  for (const key of ['dependencies', 'devDependencies', 'peerDependencies']) {
    const deps = json?.[key];
    if (deps && typeof deps === 'object') for (const name of Object.keys(deps)) out.add(name);
  }
  return out;
}

/** The package's Node entry points (`main`, `bin`), absolute. */
function nodeEntries(pkg: PackageInfo): string[] {
  const out: string[] = [];
  const add = (v: unknown): void => {
    if (typeof v === 'string' && v.length < 300) out.push(path.resolve(pkg.dir, v));
  };
  add(pkg.json?.main);
  const bin = pkg.json?.bin;
  if (bin && typeof bin === 'object') for (const v of Object.values(bin)) add(v);
  else add(bin);
  return out;
}

/**
 * A Node runner and the script file it is given in a package script (`node src/seed.js`, `nodemon -r dotenv/config
 * src/dev.mjs`, `ts-node src/tool.ts`, `tsx watch src/x.ts`): the first argument that names a JavaScript or
 * TypeScript file. `react-scripts start`, `vite` or `node --version` name none.
 */
const NODE_RUN = /(?:^|[\s;&|(])(?:node|nodemon|ts-node(?:-esm)?|tsx|babel-node|bun|deno\s+run)(?=\s)((?:\s+[^\s;&|()]+){1,8})/g;
const SCRIPT_FILE = /^['"]?((?:\.{0,2}\/)?[\w@$.\/-]+\.[cm]?[jt]sx?)['"]?$/;

/** The files the package's own scripts run with Node (`"seed": "node src/tools/seed.js"`), absolute. */
function scriptEntries(pkg: PackageInfo): string[] {
  const scripts = pkg.json?.scripts;
  if (!scripts || typeof scripts !== 'object') return [];
  const out: string[] = [];
  for (const value of Object.values(scripts as Record<string, unknown>)) {
    if (typeof value !== 'string' || value.length > 1000) continue;
    for (const m of value.matchAll(NODE_RUN)) {
      const file = m[1].trim().split(/\s+/).map((a) => SCRIPT_FILE.exec(a)?.[1]).find((a) => a !== undefined);
      if (file) out.push(path.resolve(pkg.dir, file));
    }
  }
  return out;
}

const launchPrograms = new Map<string, Journaled<string[]>>();
const launchFiles = new Map<string, Journaled<unknown[]>>();

/** The configurations of a folder's `.vscode/launch.json` (JSON with comments), read once per folder; none when it is absent. */
function launchConfigurations(dir: string): unknown[] {
  return journaled(launchFiles, dir, () => {
  const file = path.join(dir, '.vscode', 'launch.json');
  const text = readIfFile(file);
  const json = text === undefined ? undefined : parseJsonc(text);
  const configurations = json && typeof json === 'object' ? (json as { configurations?: unknown }).configurations : undefined;
  return Array.isArray(configurations) ? configurations : [];
  });
}

/**
 * The programs an editor's launch configurations of the folder run with Node (`.vscode/launch.json`, `"type":
 * "node"` or `"pwa-node"`, `"program": "${workspaceFolder}/src/check.js"`), absolute. A browser configuration
 * (`"type": "chrome"`, a `url`) runs no program.
 */
function launchEntries(dir: string): string[] {
  return journaled(launchPrograms, dir, () => {
  const list: string[] = [];
  for (const c of launchConfigurations(dir)) {
    const { type, program } = (c ?? {}) as { type?: unknown; program?: unknown };
    if ((type !== 'node' && type !== 'pwa-node') || typeof program !== 'string' || program.length > 300) continue;
    const rel = program.replace(/^\$\{(?:workspaceFolder|workspaceRoot)\}[\\/]?/, '');
    if (!rel.includes('${')) list.push(path.resolve(dir, rel));
  }
  return list;
  });
}

/** Browser debugger types of an editor's launch configurations (`"type": "chrome"`, Edge, Firefox). */
const BROWSER_LAUNCH = new Set(['chrome', 'pwa-chrome', 'msedge', 'pwa-msedge', 'firefox']);

/**
 * The local address an editor's browser launch configuration opens the module's page at (`.vscode/launch.json` of
 * its package or of the repository: `"type": "chrome"`, `"url": "http://localhost:8080"`): the author runs the page
 * from this machine. Undefined when no such configuration names a localhost or plain-HTTP address.
 */
export function debuggedPageUrl(name: string): string | undefined {
  const project = projectOf(name);
  if (!project) return undefined;
  const pkg = packageOf(project.root, path.dirname(path.resolve(name)));
  for (const dir of new Set([pkg?.dir ?? project.root, project.root])) {
    for (const c of launchConfigurations(dir)) {
      const { type, url } = (c ?? {}) as { type?: unknown; url?: unknown };
      if (typeof type === 'string' && BROWSER_LAUNCH.has(type) && typeof url === 'string' && url.length < 300 && (LOOPBACK.test(url) || /^http:\/\//i.test(url))) return url;
    }
  }
  return undefined;
}

/**
 * Whether the file itself says it runs on a server though its package builds a web app: it is under a folder
 * for server code (`server/`, `functions/`, `bin/`...; an `api/` folder of a front end holds its API client), it
 * imports a module only Node or a server framework provides, it is the package's `main`/`bin` for Node, or the
 * package's scripts or an editor's launch configuration of the package (or of the repository) run it with Node.
 */
function serverSide(pkg: PackageInfo, filename: string, text: string, root: string): boolean {
  const segments = path.relative(pkg.dir, filename).split(path.sep).slice(0, -1);
  if (segments.some((s) => /^(?:server|servers|backend|functions|lambda|lambdas|netlify|cli|bin|scripts)$/i.test(s))) return true;
  // Gatsby Functions: `src/api/` of a Gatsby site runs on its server.
  if (segments[0] === 'src' && segments[1] === 'api' && dependencies(pkg.json).has('gatsby')) return true;
  const stem = filename.replace(/\.[cm]?[jt]sx?$/, '');
  const runs = (e: string): boolean => e === filename || e.replace(/\.[cm]?[jt]sx?$/, '') === stem;
  if (nodeEntries(pkg).some(runs) || scriptEntries(pkg).some(runs)) return true;
  if (launchEntries(pkg.dir).some(runs) || (root !== pkg.dir && launchEntries(root).some(runs))) return true;
  for (const m of text.matchAll(MODULE_NAME)) {
    const name = m[2];
    if (name.startsWith('node:') || NODE_ONLY_MODULES.has(name) || SERVER_FRAMEWORKS.includes(name)) return true;
  }
  return false;
}

/**
 * The bundler configuration of a package that builds a web app: its name, `null` when every configuration builds
 * for Node (or a server render), undefined when it has none.
 */
function webBundlerConfig(pkg: PackageInfo): string | null | undefined {
  const names = listDir(pkg.dir).filter((n) => BUNDLER_CONFIG.test(n)).sort();
  for (const name of names) {
    const text = readText(path.join(pkg.dir, name));
    if (text !== undefined && !NODE_TARGET.test(text)) return name;
  }
  return names.length > 0 ? null : undefined;
}

/** What the file's package says: a `browser` field, or a front-end app's source tree. */
function packageEvidence(root: string, filename: string, text: string): string | undefined {
  const pkg = packageOf(root, path.dirname(filename));
  if (!pkg?.json) return undefined;
  const rel = path.relative(root, path.join(pkg.dir, 'package.json')).split(path.sep).join('/');
  if (pkg.json.browser !== undefined && typeof pkg.json.browser !== 'boolean') return `its package (${rel}) has a \`browser\` field`;
  const deps = dependencies(pkg.json);
  const inSource = isInside(path.join(pkg.dir, 'src'), filename);
  if (!inSource || /\.server\.[cm]?[jt]s$/.test(filename) || /^\+server\.[cm]?[jt]s$/.test(path.basename(filename))) return undefined;
  if (deps.has('@sveltejs/kit') && deps.has('@sveltejs/adapter-static')) return `its package (${rel}) is a SvelteKit app built with the static adapter`;
  const framework = BROWSER_FRAMEWORKS.find((d) => deps.has(d));
  if (!framework || SERVER_FRAMEWORKS.some((d) => deps.has(d)) || deps.has('@sveltejs/kit')) return undefined;
  if (serverSide(pkg, filename, text, root)) return undefined;
  const config = webBundlerConfig(pkg);
  if (config) return `its package (${rel}) is a ${framework} front end bundled by ${config}`;
  if (config === null) return undefined;
  const builder = APP_BUILDERS.find((d) => deps.has(d));
  return builder ? `its package (${rel}) is a ${framework} front end built by ${builder}` : undefined;
}

/** An HTML page of the repository: the scripts it loads (`<script src>`, absolute) and the text of its inline module scripts. */
interface Page {
  page: string;
  scripts: string[];
  modules: string[];
}

const pages = new Map<string, Journaled<Page[]>>();

/** The HTML pages of a folder with the scripts they load (`<script src>`) and their inline module scripts. */
function pagesIn(dir: string): Page[] {
  return journaled(pages, dir, () => {
  const list: Page[] = [];
  for (const name of listDir(dir)) {
    if (!/\.html?$/i.test(name)) continue;
    const page = path.join(dir, name);
    const text = readText(page);
    if (text === undefined) continue;
    const scripts = scriptSources(text).flatMap((src) => localScript(dir, src) ?? []);
    const modules = scriptBlocks(text, page).flatMap((b) => (b.module ? [text.slice(b.start, b.end)] : []));
    list.push({ page, scripts, modules });
  }
  return list;
  });
}

/**
 * `<script src="...">` values of a page's text, without query or fragment. A tag's attributes are read up to its
 * `>` or the next `<script` (where the same `src` is found from the later start): read up to the `>` from every
 * start, a page holding `<script` 40,000 times without a `>` took 18 s.
 */
const scriptSources = (text: string): string[] => [...text.matchAll(/<script\b(?:(?!<script\b)[^>])*?\bsrc\s*=\s*(["'])([^"'<>]{1,300})\1/gi)].map((m) => m[2].trim().replace(/[?#].*$/, ''));

/** The file a page of `dir` loads by a script `src` of the repository (relative, or from the site's root); undefined for an address with a scheme or host. */
const localScript = (dir: string, src: string): string | undefined => (/^[a-z][\w+.-]*:|^\/\//i.test(src) ? undefined : path.resolve(dir, src.replace(/^\//, '')));

/**
 * Whether a page of the repository that loads a classic script assigns a global of the script in its own scripts
 * (`integrationId = this.id` in an inline handler) or in another script it loads: scripts of a page share their
 * top-level names, so the script's `var integrationId = ""` is then a placeholder whose value the page gives. A page
 * in the script's folder or a folder above (inside the root) loads it by a relative `src`, or by an absolute address
 * whose last segment is the script's file name (the page loads the deployed copy of the script). A declaration
 * (`var name = ...`) in the page is its own variable, not an assignment of the script's.
 */
export function pageAssignsGlobal(name: string, global: string): boolean {
  const project = projectOf(name);
  if (!project || !/^[A-Za-z_$][\w$]*$/.test(global)) return false;
  const filename = path.resolve(name);
  const base = path.basename(filename);
  const assigns = new RegExp(`(?<![\\w$.]|\\b(?:var|let|const)\\s+)${global.replace(/\$/g, '\\$')}\\s*=(?![=>])`);
  for (let dir = path.dirname(filename); isInside(project.root, dir); dir = path.dirname(dir)) {
    for (const page of listDir(dir)) {
      if (!/\.html?$/i.test(page)) continue;
      const text = readText(path.join(dir, page)) ?? '';
      if (!text.includes(base)) continue;
      const sources = scriptSources(text);
      if (!sources.some((src) => (localScript(dir, src) === undefined ? src.split('/').pop() === base : localScript(dir, src) === filename))) continue;
      if (assigns.test(text)) return true;
      for (const src of sources) {
        const other = localScript(dir, src);
        if (other !== undefined && other !== filename && assigns.test(readText(other) ?? '')) return true;
      }
    }
    if (dir === project.root || path.dirname(dir) === dir) break;
  }
  return false;
}

/** An HTML page in the file's folder or a folder above it (inside the root) that loads it, directly or as a module script's import. */
function pageEvidence(project: ProjectModel, filename: string): string | undefined {
  return loadingPages(project, filename, true)[0]?.why;
}

/** Most folders of a project read for its pages ({@link pageFolders}) or layouts ({@link jsonFolders}), breadth first from the root. */
const MAX_PAGE_FOLDERS = 2000;
const pageFolderIndex = new Map<string, Journaled<string[]>>();
const jsonFolderIndex = new Map<string, Journaled<string[]>>();

/**
 * The folders of a project that hold an HTML page, shallowest first: read once per root, breadth first, at most
 * {@link MAX_PAGE_FOLDERS} folders, outside `node_modules` and dot folders (a symbolic link to a folder is not
 * followed).
 */
function pageFolders(root: string): string[] {
  return foldersHolding(root, /\.html?$/i, pageFolderIndex);
}

/** {@link pageFolders} for JSON files (the folders read for a Contact Center Desktop layout: {@link desktopLayoutWidgets}). */
function jsonFolders(root: string): string[] {
  return foldersHolding(root, /\.json$/i, jsonFolderIndex);
}

/** The folders of a project holding a file whose name `kind` matches, as {@link pageFolders} says. */
function foldersHolding(root: string, kind: RegExp, index: Map<string, Journaled<string[]>>): string[] {
  return journaled(index, root, () => {
    const out: string[] = [];
    const queue = [root];
    for (let i = 0; i < queue.length && i < MAX_PAGE_FOLDERS; i++) {
      const dir = queue[i];
      noteListing(dir);
      let entries: Dirent[];
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        continue;
      }
      let holds = false;
      for (const e of entries) {
        if (e.isDirectory()) {
          if (e.name !== 'node_modules' && !e.name.startsWith('.')) queue.push(path.join(dir, e.name));
        } else if (kind.test(e.name)) holds = true;
      }
      if (holds) out.push(dir);
    }
    return out;
  });
}

/**
 * The HTML pages in the file's folder or a folder above it (inside the root) that load it, each with why: directly,
 * as an inline module script's import, or as the import of a script the page loads; then the project's other pages
 * ({@link pageFolders}) whose `<script src>` resolves to it (`views/index.html` loading `../services/api.js`).
 * Only the first when `first`.
 */
function loadingPages(project: ProjectModel, filename: string, first: boolean): Array<{ page: string; why: string }> {
  const out = ancestorLoadingPages(project, filename, first);
  if (first && out.length > 0) return out;
  const above = (dir: string): boolean => dir === path.dirname(filename) || isInside(dir, filename);
  for (const dir of pageFolders(project.root)) {
    if (above(dir)) continue;
    for (const { page, scripts } of pagesIn(dir)) {
      if (!scripts.includes(filename)) continue;
      out.push({ page, why: `the page ${path.relative(project.root, page).split(path.sep).join('/')} loads it` });
      if (first) return out;
    }
  }
  return out;
}

/** {@link loadingPages} in the file's folder and the folders above it. */
function ancestorLoadingPages(project: ProjectModel, filename: string, first: boolean): Array<{ page: string; why: string }> {
  const out: Array<{ page: string; why: string }> = [];
  for (let dir = path.dirname(filename); isInside(project.root, dir); dir = path.dirname(dir)) {
    for (const { page, scripts, modules } of pagesIn(dir)) {
      const rel = path.relative(project.root, page).split(path.sep).join('/');
      let why: string | undefined;
      if (scripts.includes(filename)) why = `the page ${rel} loads it`;
      else if (modules.some((m) => specifiersIn(m).some((s) => project.resolver.resolve(page, s) === filename))) why = `an inline module script of the page ${rel} imports it`;
      else {
        for (const script of scripts) {
          const text = readText(script);
          if (text && specifiersIn(text).some((s) => project.resolver.resolve(script, s) === filename)) {
            why = `the page ${rel} loads a script that imports it`;
            break;
          }
        }
        // Further down the module graph of what the page loads (`app.js` -> `rooms.js` -> `resource.js`): every module
        // a page's script imports runs in the page too.
        why ??= importedFromPage(project, page, scripts, modules, filename) ? `the page ${rel} loads a script whose imports import it` : undefined;
      }
      if (why === undefined) continue;
      out.push({ page, why });
      if (first) return out;
    }
    if (dir === project.root || path.dirname(dir) === dir) break;
  }
  return out;
}

/** Most JSON files of a project read for its Contact Center Desktop layouts ({@link desktopLayoutWidgets}). */
const MAX_LAYOUT_FILES = 200;
/** Most values of one layout visited for its widgets. */
const MAX_LAYOUT_VALUES = 50_000;
/** A custom element's name (it holds a hyphen), as a layout's `comp` gives it. */
const ELEMENT_NAME = /^[a-z][a-z0-9._]{0,99}-[a-z0-9._-]{0,100}$/;
/** An absolute address of a script, without spaces or control characters (it is printed in the reason). */
const SCRIPT_ADDRESS = /^https?:\/\/[^\s\u0000-\u001f\u007f]{1,300}$/i;

/** A widget a Desktop layout places by a script: the custom element's tag (`comp`), the script's address (`script`), the layout. */
interface LayoutWidget {
  comp: string;
  script: string;
  layout: string;
}
const layoutWidgetIndex = new Map<string, Journaled<LayoutWidget[]>>();

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The widgets the Contact Center Desktop layouts of a project place by a script's address: a JSON file whose top-level
 * object has the layout's `area` object, and in it, at any depth, an object giving a `comp` (the tag of the custom
 * element the Desktop creates) and a `script` (the absolute `http(s)` address the Desktop loads the element's script
 * from). Read once per root: at most {@link MAX_LAYOUT_FILES} JSON files of {@link jsonFolders} (not a package
 * manifest, lock file or compiler configuration), each parsed only when its text holds `"comp"` and `"script"`.
 */
function desktopLayoutWidgets(root: string): LayoutWidget[] {
  return journaled(layoutWidgetIndex, root, () => {
    const out: LayoutWidget[] = [];
    let files = 0;
    for (const dir of jsonFolders(root)) {
      for (const name of listDir(dir)) {
        if (!/\.json$/i.test(name) || /^(?:package|package-lock|composer|tsconfig|jsconfig)\.json$|^tsconfig\./i.test(name)) continue;
        if (++files > MAX_LAYOUT_FILES) return out;
        const layout = path.join(dir, name);
        const text = readText(layout);
        if (text === undefined || !text.includes('"comp"') || !text.includes('"script"')) continue;
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          continue;
        }
        if (!isRecord(json) || !isRecord(json.area)) continue;
        const stack: unknown[] = [json.area];
        for (let seen = 0; stack.length > 0 && seen < MAX_LAYOUT_VALUES; seen++) {
          const v = stack.pop();
          const children = Array.isArray(v) ? v : isRecord(v) ? Object.values(v) : [];
          if (isRecord(v) && typeof v.comp === 'string' && typeof v.script === 'string' && ELEMENT_NAME.test(v.comp) && SCRIPT_ADDRESS.test(v.script)) out.push({ comp: v.comp, script: v.script, layout });
          for (const c of children) if (typeof c === 'object' && c !== null) stack.push(c);
        }
      }
    }
    return out;
  });
}

/**
 * Why a custom element's module runs in the Contact Center Desktop's page rather than in a page the repository serves:
 * a Desktop layout of the repository ({@link desktopLayoutWidgets}) places an element the module defines (`tags`, its
 * `customElements.define` names) with the address of its script, and no page of the repository loads the module
 * ({@link loadingPages}) or a script of that file name (its build, from any address). The Desktop loads the script into
 * its own page, served over HTTPS, and a script's requests carry the origin of the page that loads it, whatever
 * server serves the script (the repository's local server then serves only the file). Undefined otherwise.
 */
export function desktopLayoutPage(name: string, tags: readonly string[]): string | undefined {
  if (tags.length === 0) return undefined;
  const project = projectOf(name);
  if (!project) return undefined;
  const widget = desktopLayoutWidgets(project.root).find((w) => tags.includes(w.comp));
  if (!widget) return undefined;
  const filename = path.resolve(name);
  if (loadingPages(project, filename, true).length > 0) return undefined;
  const script = widget.script.replace(/[?#].*$/, '').split('/').pop() ?? '';
  for (const dir of pageFolders(project.root)) {
    for (const page of listDir(dir)) {
      if (!/\.html?$/i.test(page)) continue;
      const sources = scriptSources(readText(path.join(dir, page)) ?? '');
      if (sources.some((src) => (script !== '' && src.split('/').pop() === script) || localScript(dir, src) === filename)) return undefined;
    }
  }
  const rel = path.relative(project.root, widget.layout).split(path.sep).join('/');
  return `the Contact Center Desktop layout ${rel} places it (\`<${widget.comp}>\`) with its script's address (${widget.script}): it runs in the Desktop's page, at that page's HTTPS origin, and no page of the repository loads it`;
}

/** How many modules below a page's scripts {@link importedFromPage} reads (levels, and modules in all). */
const PAGE_IMPORT_LEVELS = 3;
const PAGE_IMPORT_MODULES = 40;

/**
 * Whether `filename` is imported, two or three levels down, by the scripts a page loads or its inline module scripts
 * (the first level is asked by the caller): the page's module graph, read breadth first, at most
 * {@link PAGE_IMPORT_MODULES} modules.
 */
function importedFromPage(project: ProjectModel, page: string, scripts: readonly string[], modules: readonly string[], filename: string): boolean {
  const seen = new Set<string>(scripts);
  let level: string[] = [];
  /** Queues the modules `text` (of `from`) imports for the next level; true when one of them is `filename`. */
  const add = (from: string, text: string | undefined): boolean => {
    let imports = false;
    for (const s of text ? specifiersIn(text) : []) {
      const target = project.resolver.resolve(from, s);
      if (target === filename) imports = true;
      if (target === undefined || seen.has(target) || seen.size >= PAGE_IMPORT_MODULES || /[\\/]node_modules[\\/]/.test(target)) continue;
      seen.add(target);
      level.push(target);
    }
    return imports;
  };
  // The first level (the page's scripts and inline modules importing `filename`) is the caller's question.
  for (const script of scripts) add(script, readText(script));
  for (const m of modules) add(page, m);
  for (let depth = 1; depth < PAGE_IMPORT_LEVELS && level.length > 0; depth++) {
    const current = level;
    level = [];
    for (const module of current) if (add(module, readText(module))) return true;
  }
  return false;
}

/** A SvelteKit `$lib/...` specifier, which the app's generated tsconfig maps to `src/lib`. */
function svelteKitLib(pkgDir: string, specifier: string): string | undefined {
  return specifier === '$lib' || specifier.startsWith('$lib/') ? path.join(pkgDir, 'src', 'lib', specifier.slice(4)) : undefined;
}

/**
 * Imports and re-exports of types only, which TypeScript erases (`import type { A } from './a'`, `import type * as
 * N from './n'`, `export type { A } from './a'`, and `import { type A, type B } from './a'` or `export { type A }
 * from './a'` where every name says `type`): they load nothing at run time. `import type from './a'` imports a
 * default named `type`, a value.
 */
const TYPE_ONLY_IMPORT = /\b(?:import|export)\s+type\s+(?!from\b)(?:[\w$]+|\*\s*as\s+[\w$]+|\{[^}]*\})\s*from\s*(['"])[^'"\n\r]{1,300}\1/g;
const BRACED_IMPORT = /\b(?:import|export)\s*\{([^}]*)\}\s*from\s*(['"])[^'"\n\r]{1,300}\2/g;
/** `type A`, `type A as B` (not `type`, `type as B`: a value named `type`). */
const TYPE_SPECIFIER = /^type\s+(?!as\b)[\w$]/;

/**
 * The specifiers of a text's imports that load a module at run time ({@link specifiersIn} less those written only in
 * imports and re-exports of types, {@link TYPE_ONLY_IMPORT}): a type-only import of a module brings none of its
 * code into the importer's bundle.
 */
export function loadedSpecifiersIn(text: string, all: string[] = specifiersIn(text)): string[] {
  if (!/\btype\s/.test(text)) return all;
  const erased = text.replace(TYPE_ONLY_IMPORT, '').replace(BRACED_IMPORT, (whole: string, names: string) => {
    const list = names.split(',').map((n) => n.trim()).filter((n) => n !== '');
    return list.length > 0 && list.every((n) => TYPE_SPECIFIER.test(n)) ? '' : whole;
  });
  return specifiersIn(erased);
}

/** A source file of a package, as {@link importerEvidence} needs it: what it imports and whether it is browser code. */
interface Importer {
  file: string;
  /**
   * The files its import specifiers resolve to (absolute; a SvelteKit `$lib` path as mapped), resolved on first
   * ask: the browser evidence asks only for components and files that read browser globals (most files of a package
   * are neither: on the platform SDK's calling package, a few of its 400); a component's props ask for every file.
   */
  targets(): Set<string>;
  /** Those of {@link targets} that an import loads at run time (not only imports of types: {@link loadedSpecifiersIn}). */
  loads(): Set<string>;
  component: boolean;
  readsGlobals: boolean;
  /** It says `'use client'`: a client component, whose imports are in the browser bundle. */
  client: boolean;
  /** It says `'use server'`: Server Actions, whose code (and what it imports) runs on the server; a client gets references to them. */
  server: boolean;
  /** The file stems of the workers it starts (`new Worker('worker.js')`, `serviceWorker.register('/sw.js')`). */
  workers: string[];
  /** It imports Node's `worker_threads` (its `new Worker` starts a Node thread). */
  nodeThreads: boolean;
}

/**
 * The first source files of a package (one more than are searched per module, in the order of a depth-first walk
 * of its folders), each read and resolved once: asking for each of 400 modules that make requests read and
 * resolved the same 400 files again (8 of the 12.6 s of CPU of a scan of 400 such files; issue 28, item 14).
 */
const importersByPackage = new Map<string, Journaled<Importer[]>>();

function importersOf(project: ProjectModel, top: string): Importer[] {
  return journaled(importersByPackage, `${project.root}\0${top}`, () => importersIn(project, top));
}

/** A package file's text as an importer: an Astro component's browser code is its `<script>` blocks (its frontmatter, and what that imports, runs on the server). */
function importerText(full: string, name: string): string | undefined {
  const whole = readText(full);
  return whole !== undefined && isAstroFile(name) ? scriptBlocks(whole, name).map((b) => whole.slice(b.start, b.end)).join('\n') : whole;
}

function importersIn(project: ProjectModel, top: string): Importer[] {
  const list: Importer[] = [];
  const stack = [top];
  while (stack.length > 0 && list.length <= MAX_IMPORTERS_SEARCHED) {
    const dir = stack.pop()!;
    for (const name of listDir(dir)) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const full = path.join(dir, name);
      const entry = walkEntry(full);
      if (entry?.dir) {
        stack.push(full);
        continue;
      }
      if (!entry || !SOURCE.test(name) || entry.size > MAX_READ) continue;
      if (list.length > MAX_IMPORTERS_SEARCHED) break;
      const text = importerText(full, name);
      const component = /\.(svelte|vue|astro)$/.test(name);
      const readsGlobals = text !== undefined && readsBrowserGlobals(text);
      let targets: { all: Set<string>; loads: Set<string> } | undefined;
      let targetReads: Map<string, string> | undefined;
      const resolveTargets = (): { all: Set<string>; loads: Set<string> } => {
        if (targets) {
          replay(targetReads);
          return targets;
        }
        const resolved = capture(() => {
          const set = new Set<string>();
          // Read again rather than kept: most importers are never asked, and a package's list is kept for the run
          // (on a 100,000-file repository their texts were a quarter of what the heap kept).
          const again = importerText(full, name);
          const specifiers = again ? specifiersIn(again) : [];
          const loaded = new Set(again ? loadedSpecifiersIn(again, specifiers) : []);
          const loads = specifiers.every((s) => loaded.has(s)) ? set : new Set<string>();
          for (const s of specifiers) {
            const target = svelteKitLib(top, s) ?? project.resolver.resolve(full, s);
            if (target === undefined) continue;
            set.add(target);
            if (loads !== set && loaded.has(s)) loads.add(target);
          }
          return { all: set, loads };
        });
        targetReads = resolved.reads;
        return (targets = resolved.value);
      };
      const workers = text !== undefined && /Worker\b/.test(text) ? [...text.matchAll(WORKER_START)].map((m) => stemOf(m[2] ?? m[4])) : [];
      list.push({ file: full, targets: () => resolveTargets().all, loads: () => resolveTargets().loads, component, readsGlobals, client: text !== undefined && saysUseClient(text), server: text !== undefined && saysDirective(text, 'use server'), workers, nodeThreads: workers.length > 0 && /['"](?:node:)?worker_threads['"]/.test(text!) });
    }
  }

  return list;
}

/** Hops from a module to the browser module that imports it through modules of a front end's source tree. */
const MAX_IMPORT_HOPS = 2;

/**
 * A file of the file's package that imports it and is browser code (a component, or it reads a browser global);
 * in a front end's package (one that depends on a browser framework or SvelteKit), also a module of its `src/` that
 * imports it and is itself imported by browser code, up to {@link MAX_IMPORT_HOPS} modules away (a page's component
 * imports `people.ts`, whose class extends the request class of `core.ts`: `core.ts` runs in the browser too).
 */
function importerEvidence(project: ProjectModel, filename: string, hops = 0, seen: Set<string> = new Set()): string | undefined {
  const pkg = packageOf(project.root, path.dirname(filename));
  const top = pkg?.dir ?? path.dirname(filename);
  const stem = filename.replace(/\.[cm]?[jt]sx?$/, '');
  const relOf = (f: string): string => path.relative(project.root, f).split(path.sep).join('/');
  let searched = 0;
  const next = pkg !== undefined && dependencies(pkg.json).has('next');
  for (const importer of importersOf(project, top)) {
    if (importer.file === filename) continue;
    if (++searched > MAX_IMPORTERS_SEARCHED) break;
    // Only a component, a client module or a file that reads browser globals is evidence, so only theirs are resolved.
    const page = next && nextPageModule(top, importer.file);
    if (!importer.component && !importer.readsGlobals && !importer.client && !page) continue;
    // An import of types only brings none of the module's code into the importer's bundle.
    const targets = importer.loads();
    if (!targets.has(filename) && !targets.has(stem)) continue;
    if (importer.component) return `the component ${relOf(importer.file)} imports it`;
    if (importer.client) return `the client component ${relOf(importer.file)} (\`'use client'\`) imports it`;
    if (page) return `the Next.js page ${relOf(importer.file)} imports it`;
    if (importer.readsGlobals) return `${relOf(importer.file)} imports it and reads browser globals`;
  }
  // Through modules: only in a front end's source tree, where every other module's imports are then resolved (once).
  if (hops >= MAX_IMPORT_HOPS || !pkg?.json || !isInside(path.join(top, 'src'), filename)) return undefined;
  const deps = dependencies(pkg.json);
  if (!BROWSER_FRAMEWORKS.some((d) => deps.has(d)) && !deps.has('@sveltejs/kit')) return undefined;
  seen.add(filename);
  searched = 0;
  for (const importer of importersOf(project, top)) {
    // A `'use server'` module runs on the server whoever imports it: the chain to the browser stops there.
    if (importer.component || importer.readsGlobals || importer.server || seen.has(importer.file)) continue;
    if (++searched > MAX_IMPORTERS_SEARCHED) break;
    // A server module of the app (SvelteKit's `*.server.ts`, `+server.ts`) runs on Node.
    if (!isInside(path.join(top, 'src'), importer.file) || /\.server\.[cm]?[jt]s$|[\\/]\+server\.[cm]?[jt]s$/.test(importer.file)) continue;
    const targets = importer.loads();
    if (!targets.has(filename) && !targets.has(stem)) continue;
    const through = importerEvidence(project, importer.file, hops + 1, seen);
    if (through !== undefined) return `${relOf(importer.file)} imports it, and ${through}`;
  }
  return undefined;
}

/**
 * Whether a module's text starts with the directive `'use client'` (after a BOM, white space and comments), read by
 * a scan rather than a regular expression, whose nested repetition over comments could backtrack without end on a
 * scanned file.
 */
function saysUseClient(text: string): boolean {
  return saysDirective(text, 'use client');
}

/** Whether a module's text starts with a directive (`'use client'`, `'use server'`), as {@link saysUseClient} reads it. */
function saysDirective(text: string, directive: 'use client' | 'use server'): boolean {
  if (!text.includes(directive)) return false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      if (end < 0) return false;
      i = end + 1;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) return false;
      i = end + 2;
    } else break;
  }
  const quote = text[i];
  return (quote === "'" || quote === '"') && text.startsWith(directive + quote, i + 1);
}
/** A userscript's metadata block (`// ==UserScript==` ... `// ==/UserScript==`), which a browser extension runs in the pages it names. */
const USERSCRIPT = /^[ \t]*\/\/[ \t]*==UserScript==[ \t]*$([\s\S]*?)^[ \t]*\/\/[ \t]*==\/UserScript==/m;
/** A worker a script starts, by its URL (`new Worker('w.js')`, `new SharedWorker(new URL('./w.ts', import.meta.url))`, `navigator.serviceWorker.register('/sw.js')`). */
const WORKER_START = /\bnew\s+(?:Shared)?Worker\s*\(\s*(?:new\s+URL\s*\(\s*)?(['"`])([^'"`\n]{1,300})\1|\bserviceWorker\s*\.\s*register\s*\(\s*(?:new\s+URL\s*\(\s*)?(['"`])([^'"`\n]{1,300})\3/g;

/** The file name of a path or URL without its query and script extension (`/sw.js?v=2` -> `sw`). */
function stemOf(url: string): string {
  return path.basename(url.replace(/[?#].*$/, '')).replace(/\.[cm]?[jt]sx?$/, '');
}

/**
 * Why a module's own text says it runs in a browser, whatever its project: it says `'use client'` (a React client
 * component: Next.js's app router bundles it for the browser), or it is a userscript (its metadata block). Undefined
 * otherwise.
 */
function ownEvidence(text: string): string | undefined {
  if (saysUseClient(text)) return "it is a client component (`'use client'`)";
  if (text.includes('==UserScript==') && USERSCRIPT.test(text)) return 'it is a userscript, run in the pages its header names';
  return undefined;
}

/**
 * Whether a module is a page of a Next.js pages router (`pages/` or `src/pages/` of the app's package, not an API
 * route under `pages/api/` nor the server-rendered `_document`): its module is bundled for the browser (its
 * `getServerSideProps` and like functions run on the server: {@link serverOnlyCode}).
 */
function nextPageModule(pkgDir: string, filename: string): boolean {
  const rel = path.relative(pkgDir, filename).split(path.sep).join('/');
  return /^(?:src\/)?pages\/(?!api\/)(?!_document\.)[^]*\.[cm]?[jt]sx?$/.test(rel);
}

/** A page of a Next.js app's pages router ({@link nextPageModule}). */
function nextPageEvidence(root: string, filename: string): string | undefined {
  const pkg = packageOf(root, path.dirname(filename));
  if (!pkg?.json || !dependencies(pkg.json).has('next') || !nextPageModule(pkg.dir, filename)) return undefined;
  return `it is a page of a Next.js app's pages router (${path.relative(root, filename).split(path.sep).join('/')})`;
}

/**
 * A browser script of the module's package that starts it as a web worker or registers it as a service worker
 * (`new Worker('worker.js')`, `new Worker(new URL('./w.js', import.meta.url))`, `navigator.serviceWorker.register('/sw.js')`),
 * matched by file name since a worker's URL is the page's. A Node script's `new Worker` (it imports `worker_threads`)
 * starts a Node thread, not a browser worker.
 */
function workerEvidence(project: ProjectModel, filename: string): string | undefined {
  const pkg = packageOf(project.root, path.dirname(filename));
  const top = pkg?.dir ?? path.dirname(filename);
  const stem = stemOf(filename);
  for (const starter of importersOf(project, top)) {
    if (starter.file === filename || starter.nodeThreads || !starter.workers.includes(stem)) continue;
    const text = starter.readsGlobals || starter.component ? undefined : readText(starter.file);
    const why = starter.readsGlobals || starter.component ? 'it is browser code' : text === undefined ? undefined : browserEvidenceAt(starter.file, text);
    if (why !== undefined) return `${path.relative(project.root, starter.file).split(path.sep).join('/')} starts it as a worker of its page`;
  }
  return undefined;
}

/** Dependencies that build a native app (React Native, Expo): its requests are not a browser's. */
const NATIVE_RUNTIMES = ['react-native', 'expo'];

/**
 * Why a module runs in a native app, not a browser: its package depends on React Native or Expo (and not on
 * `react-native-web`, which builds the same code into a web page). A native app's requests have no origin and
 * no CORS check, whatever browser-like globals (`navigator`) it reads. Undefined otherwise, or with no project.
 */
export function nativeApp(name: string): string | undefined {
  const project = projectOf(name);
  if (!project) return undefined;
  const pkg = packageOf(project.root, path.dirname(path.resolve(name)));
  const deps = dependencies(pkg?.json);
  const native = NATIVE_RUNTIMES.find((d) => deps.has(d));
  if (native === undefined || deps.has('react-native-web')) return undefined;
  return `its package depends on ${native}: a native app, whose requests no browser checks`;
}

/**
 * A single 0.x minor an axios version or range allows: an installed version (`0.21.4`) or a declared range that
 * stays within one minor (`^0.21.1`, `~0.21.1`, `0.21.x`, `=0.21.1`, `0.21`). Undefined for anything else (`^1.6.0`,
 * `>=0.19`, `0.x`, `*`, a tag, a URL, an alias): what it installs is not known here.
 */
const AXIOS_ZERO_MINOR = /^[\^~=v\s]{0,8}0\.(\d{1,4})(?:\.(?:\d{1,9}|[x*])(?:[-+][\w.-]{0,60})?)?\s{0,8}$/;

/** The first 0.x minor whose default request transform form-encodes an object under a form Content-Type. */
const AXIOS_FORM_SERIALIZING_MINOR = 28;

const axiosVersions = new Map<string, Journaled<string | null>>();

/**
 * The axios a module's requests use, as the repository says: its installed version (`node_modules/axios/package.json`
 * beside the nearest package that has one) or else the range the nearest `package.json` declaring axios gives (its
 * dependencies, devDependencies or peerDependencies), looked for from the module's folder up to the root. Undefined
 * with no project or when nothing says.
 */
function axiosVersionOf(name: string): string | undefined {
  const project = projectOf(name);
  if (!project) return undefined;
  return nearestUp(axiosVersions, project.root, path.dirname(path.resolve(name)), (dir) => {
    const installed = readIfFile(path.join(dir, 'node_modules', 'axios', 'package.json'));
    if (installed !== undefined) {
      try {
        const version: unknown = (JSON.parse(installed) as Record<string, unknown> | null)?.version;
        if (typeof version === 'string') return version;
      } catch {
        // An unreadable manifest says nothing; the declared range may.
      }
    }
    const pkg = packageOf(project.root, dir);
    if (pkg?.dir !== dir || !pkg.json) return undefined;
    for (const key of ['dependencies', 'devDependencies', 'peerDependencies']) {
      const range = (pkg.json[key] as Record<string, unknown> | undefined)?.axios;
      if (typeof range === 'string') return range;
    }
    return undefined;
  });
}

/**
 * Whether axios sends a module's object body (`axios.post(url, { ... }, { headers })`, `data: { ... }`) as JSON text
 * whatever `Content-Type` the request writes: the repository's axios (installed, else declared) is a 0.x release
 * before 0.28. Those releases' default request transform serialises every plain object with `JSON.stringify`; the
 * form serialization under an `application/x-www-form-urlencoded` Content-Type came with axios 1.0.0 (its changelog:
 * "Added automatic payload serialization to application/x-www-form-urlencoded", #4714) and 0.28.0's backports. False
 * when the version is 1.x or later, 0.28 or later, or not known (nothing says, a range such as `>=0.19`).
 */
export function axiosSendsObjectsAsJson(name: string): boolean {
  const version = axiosVersionOf(name);
  const minor = version === undefined ? undefined : AXIOS_ZERO_MINOR.exec(version)?.[1];
  return minor !== undefined && Number(minor) < AXIOS_FORM_SERIALIZING_MINOR;
}

/**
 * Where a userscript runs, from its metadata block's `@match` and `@include` patterns: in the pages they name, at
 * those pages' origin. Every pattern an HTTPS address other than localhost: `https`; one plain-HTTP or localhost
 * address: `local`; otherwise (any scheme, no pattern) `unknown`. Undefined for a file that is no userscript.
 */
export function userscriptOrigin(text: string): Serving | undefined {
  const block = text.includes('==UserScript==') ? USERSCRIPT.exec(text)?.[1] : undefined;
  if (block === undefined) return undefined;
  const patterns = [...block.matchAll(/^[ \t]*\/\/[ \t]*@(?:match|include)[ \t]+(\S{1,300})/gm)].map((m) => m[1]);
  const local = patterns.find((p) => /^http:\/\//i.test(p) || /^[*\w]+:\/\/(?:localhost|127\.|0\.0\.0\.0|\[::1\])/i.test(p));
  if (local !== undefined) return { kind: 'local', why: `its userscript header runs it on ${local}` };
  if (patterns.length > 0 && patterns.every((p) => /^https:\/\//i.test(p))) return { kind: 'https', why: `its userscript header runs it only on HTTPS pages (${patterns[0]}), at their origin` };
  return { kind: 'unknown', why: 'its userscript header does not say on which pages it runs' };
}

interface ExtensionManifest {
  dir: string;
  json: Record<string, unknown>;
}

const manifests = new Map<string, Journaled<ExtensionManifest | null>>();

/** The browser extension manifest (`manifest.json` with a `manifest_version`) at or above a folder, inside the root. */
function extensionManifestOf(root: string, dir: string): ExtensionManifest | undefined {
  return nearestUp(manifests, root, dir, (d) => {
    const file = path.join(d, 'manifest.json');
    const text = readIfFile(file);
    const json = text === undefined ? undefined : parseJsonc(text);
    return json && typeof json === 'object' && !Array.isArray(json) && typeof (json as { manifest_version?: unknown }).manifest_version === 'number' ? { dir: d, json: json as Record<string, unknown> } : undefined;
  });
}

/** Whether an extension's match pattern (`https://*.webexapis.com/` and a path, `<all_urls>`, any scheme and host) covers an HTTPS host. */
function patternCovers(pattern: string, host: string): boolean {
  if (pattern === '<all_urls>') return true;
  const m = /^(\*|https):\/\/([^/]+)\//i.exec(pattern);
  if (!m) return false;
  const h = m[2].toLowerCase();
  return h === '*' || h === host || (h.startsWith('*.') && (host === h.slice(2) || host.endsWith(h.slice(1))));
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/**
 * Why a browser extension's request to a host is not subject to the page-origin CORS rule, or undefined: a
 * content script the manifest injects only into HTTPS pages other than localhost (its requests carry that page's
 * origin), or any other script of the extension (popup, options page, background page or service worker) when the
 * manifest grants a host permission covering the host (`host_permissions` in Manifest V3, URL patterns in
 * `permissions` in V2): such requests are exempt from CORS. An extension page without it keeps its
 * `chrome-extension:` origin, which is not HTTPS (reported).
 */
export function extensionExemption(name: string, host: string): string | undefined {
  const project = projectOf(name);
  if (!project) return undefined;
  const filename = path.resolve(name);
  const manifest = extensionManifestOf(project.root, path.dirname(filename));
  if (!manifest) return undefined;
  const rel = path.relative(project.root, path.join(manifest.dir, 'manifest.json')).split(path.sep).join('/');
  const scripts = Array.isArray(manifest.json.content_scripts) ? (manifest.json.content_scripts as Array<Record<string, unknown>>) : [];
  const content = scripts.filter((c) => c && typeof c === 'object' && strings(c.js).some((js) => path.resolve(manifest.dir, js.replace(/^\//, '')) === filename));
  if (content.length > 0) {
    const matches = content.flatMap((c) => strings(c.matches));
    if (matches.length > 0 && matches.every((p) => /^https:\/\//i.test(p) && !/^https:\/\/(?:localhost|127\.|\[::1\])/i.test(p))) return `${rel} injects it as a content script into HTTPS pages only (${matches[0]}), whose origin its requests carry`;
    return undefined;
  }
  const granted = manifest.json.manifest_version === 2 ? strings(manifest.json.permissions) : strings(manifest.json.host_permissions);
  const covering = granted.find((p) => patternCovers(p, host.toLowerCase()));
  return covering === undefined ? undefined : `${rel} grants the extension the host permission ${covering}, which exempts its requests from CORS`;
}

const evidence = new Map<string, Journaled<string | null>>();

/**
 * Why a markup file's scripts run in a browser, known from its name: an HTML page's inline scripts are the page's
 * own code, and a Vue or Svelte component is front-end code (engine/read/script-blocks.ts). Undefined for any other file.
 */
export function markupEvidence(filename: string): string | undefined {
  if (!isMarkupFile(filename)) return undefined;
  if (isAstroFile(filename)) return "it is a `<script>` of an Astro component (browser code; the frontmatter, server code, is not read)";
  return isComponentFile(filename) ? 'it is a front-end component' : 'it is an inline script of an HTML page';
}

/**
 * Why the project says a module runs in a browser, or undefined when it says nothing (no project model: a
 * file not on disk, or analysed alone). A markup file's scripts say it themselves ({@link markupEvidence}).
 */
export function browserEvidence(file: FileContext): string | undefined {
  const markup = markupEvidence(file.filename) ?? ownEvidence(file.text);
  if (markup !== undefined) return markup;
  if (!file.links) return undefined;
  return browserEvidenceAt(file.filename, file.text);
}

/**
 * {@link browserEvidence} for a file of a project model before it is parsed, from its name and its text (BOM
 * stripped): the same answer, remembered with it.
 */
export function browserEvidenceAt(name: string, text: string): string | undefined {
  const markup = markupEvidence(name) ?? ownEvidence(text);
  if (markup !== undefined) return markup;
  const project = projectOf(name);
  if (!project) return undefined;
  const filename = path.resolve(name);
  // Per root: the evidence is what the project root holds (it depends on the run's scan root for a file with no marker above).
  const key = `${project.root}\0${filename}`;
  const known = evidence.get(key);
  if (known !== undefined) {
    replay(known.reads);
    return known.value ?? undefined;
  }
  // Asked again while it is computed (an importer cycle): nothing found on that path.
  evidence.set(key, { value: null, reads: undefined });
  const { value: found, reads } = capture(() => pageEvidence(project, filename) ?? packageEvidence(project.root, filename, text) ?? nextPageEvidence(project.root, filename) ?? importerEvidence(project, filename) ?? workerEvidence(project, filename));
  evidence.set(key, { value: found ?? null, reads });
  return found;
}

/**
 * The source files of a module's package that import it (by a specifier that resolves to it), with their text:
 * the importers {@link importersOf} lists once per package (engine/project/props.ts reads a component's props
 * from them).
 */
export function importersOfModule(project: ProjectModel, filename: string, mentions?: RegExp): Array<{ file: string; text: string }> {
  const abs = path.resolve(filename);
  const pkg = packageOf(project.root, path.dirname(abs));
  const top = pkg?.dir ?? path.dirname(abs);
  const stem = abs.replace(/\.[cm]?[jt]sx?$/, '');
  const out: Array<{ file: string; text: string }> = [];
  for (const importer of importersOf(project, top)) {
    if (importer.file === abs) continue;
    // A text test first (`mentions`): most of the package's files are then not resolved.
    if (mentions && !mentions.test(project.readText(importer.file) ?? '')) continue;
    const targets = importer.targets();
    if (!targets.has(abs) && !targets.has(stem)) continue;
    const text = project.readText(importer.file);
    if (text !== undefined) out.push({ file: importer.file, text });
  }
  return out;
}

/**
 * Whether a text may hold a class whose requests send headers kept in a field of the instance (`headers: this.headers`,
 * `headers: { ...this.defaults }`): the text test before a class's subclasses are looked for (most files have none).
 */
export function sendsClassHeaders(text: string): boolean {
  return /\bclass\s/.test(text) && /\bheaders\s*:\s*(?:\{\s*\.\.\.\s*)?this\.[\w$]/.test(text);
}

/** How many classes down a base class's header is followed to the subclasses that make its requests. */
const MAX_SUBCLASS_LEVELS = 4;

/**
 * The modules of the package that extend one of `classes` of `filename`, and those that extend their classes in turn
 * (at most {@link MAX_SUBCLASS_LEVELS} down, `max` modules): each level's importers (through
 * barrels that re-export the module) whose text writes `extends <Name>`, read as text before any is parsed.
 */
export function subclassModules(project: ProjectModel, filename: string, classes: readonly string[], max: number): Array<{ file: string; text: string }> {
  const out: Array<{ file: string; text: string }> = [];
  const seen = new Set<string>([path.resolve(filename)]);
  let level: Array<{ file: string; names: readonly string[] }> = [{ file: filename, names: classes }];
  for (let depth = 0; depth < MAX_SUBCLASS_LEVELS && level.length > 0 && out.length < max; depth++) {
    const next: Array<{ file: string; names: readonly string[] }> = [];
    for (const { file, names } of level) {
      const extend = new RegExp(`\\bclass\\s+([\\w$]+)(?:\\s*<[^{]*?>)?\\s+extends\\s+(?:${names.map(escapeRegExp).join('|')})\\b`, 'g');
      // Only modules naming a class (or re-exporting everything) are resolved.
      const mentions = new RegExp(`(?<![\\w$])(?:${names.map(escapeRegExp).join('|')})(?![\\w$])|\\bexport\\s*\\*`);
      for (const importer of importersThroughBarrels(project, file, names, mentions)) {
        if (seen.has(importer.file) || out.length >= max) continue;
        seen.add(importer.file);
        const made = [...importer.text.matchAll(extend)].map((m) => m[1]);
        if (made.length === 0) continue;
        out.push(importer);
        next.push({ file: importer.file, names: made });
      }
    }
    level = next;
  }
  return out;
}

/**
 * The modules of the package that import one of `classes` of `filename` (directly, or through barrels that re-export
 * it) and make instances of it (`new <Name>(...)` in their text), at most `max`: a client class whose URL is given by
 * the instances its importers make (`new HttpClient({ baseUrl })`). Read as text before any is parsed.
 */
export function instantiatingModules(project: ProjectModel, filename: string, classes: readonly string[], max: number): Array<{ file: string; text: string }> {
  if (classes.length === 0) return [];
  const names = classes.map(escapeRegExp).join('|');
  const made = new RegExp(`\\bnew\\s+(?:${names})(?![\\w$])`);
  // Only modules making an instance (or re-exporting, for a barrel on the way) are resolved.
  const mentions = new RegExp(`${made.source}|\\bexport\\s*[*{]`);
  return importersThroughBarrels(project, filename, classes, mentions)
    .filter((i) => made.test(i.text))
    .slice(0, max);
}

/**
 * The package's modules that import a module directly or through barrels re-exporting it (`export * from`,
 * `export { Name } from`, `export { default as Name } from`, at most three barrels deep), with their text.
 */
export function importersThroughBarrels(project: ProjectModel, filename: string, names: readonly string[], mentions?: RegExp): Array<{ file: string; text: string }> {
  const out: Array<{ file: string; text: string }> = [];
  const visited = new Set<string>([path.resolve(filename)]);
  let frontier = [filename];
  for (let depth = 0; depth < 4 && frontier.length > 0; depth++) {
    const barrels: string[] = [];
    for (const f of frontier) {
      for (const importer of importersOfModule(project, f, mentions)) {
        if (visited.has(importer.file)) continue;
        visited.add(importer.file);
        out.push(importer);
        if (depth < 3 && reexportsNames(importer.text, names)) barrels.push(importer.file);
      }
    }
    frontier = barrels;
  }
  return out;
}

/** Whether a module's text re-exports one of the names (`export * from`, `export { Name } from`, `export { Name as Other } from`). */
function reexportsNames(text: string, names: readonly string[]): boolean {
  for (const m of text.matchAll(/\bexport\s*(\*|\{[^}]*\})\s*from\b/g)) {
    if (m[1] === '*' || /\bdefault\b/.test(m[1]) || names.some((n) => new RegExp(`(?:^|[{,\\s])${escapeRegExp(n)}(?=[\\s,}])`).test(m[1]))) return true;
  }
  return false;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The source files of a module's package (the list {@link importersOf} keeps) whose text passes a text-level test,
 * with their text: an Angular app's providers and `HttpClient` requests are searched in them, only for a file that
 * declares an interceptor adding Content-Type. `complete` when the package's list was not cut at its limit.
 */
export function packageSourcesMatching(project: ProjectModel, filename: string, test: (text: string) => boolean): { files: Array<{ file: string; text: string }>; complete: boolean } {
  const abs = path.resolve(filename);
  const pkg = packageOf(project.root, path.dirname(abs));
  const list = importersOf(project, pkg?.dir ?? path.dirname(abs));
  const files: Array<{ file: string; text: string }> = [];
  for (const source of list) {
    const text = project.readText(source.file);
    if (text !== undefined && test(text)) files.push({ file: source.file, text });
  }
  return { files, complete: list.length <= MAX_IMPORTERS_SEARCHED };
}

/** A README line that serves the app from a local or plain-HTTP origin (a dev server, a static server). */
const LOCAL_SERVING = /localhost|127\.0\.0\.1|0\.0\.0\.0|\bhttp:\/\/(?!www\.w3\.org)|http-server|http\.server|live-server|\bnpx\s+serve\b|\bserve\s+-|webpack(?:-dev-server|\s+serve)|\bvite\b|\bnext\s+dev\b|react-scripts\s+start|\bparcel\b|\bnodemon\b|\bexpress\b/i;
/**
 * A package script that serves pages from this machine: a dev server (`vite`, `vite dev`/`preview`, `webpack serve`,
 * `react-scripts start`, `next dev`/`start`, `ng serve`, `vue-cli-service serve`, `parcel` but not `parcel build`), a
 * static server (`http-server`, `live-server`, `serve`, `python -m http.server`), or a Node/Electron program (a
 * server of the app, an Electron window loading a file). Builds, tests, linters and deploys do not serve.
 */
const LOCAL_SCRIPT =
  /(?:^|[\s;&|(])(?:vite(?:\s+(?:dev|serve|preview)\b|(?!\s+(?:build|optimize)\b)(?=\s|$))|webpack(?:-dev-server\b|\s+serve\b)|react-scripts\s+start|gatsby\s+develop\b|react-app-rewired\s+start|craco\s+start|next\s+(?:dev|start)\b|nuxt\s+(?:dev|start)\b|ng\s+serve\b|vue-cli-service\s+serve\b|parcel(?!\s+build\b)(?=\s|$)|http-server\b|live-server\b|lite-server\b|browser-sync\b|five-server\b|serve(?=\s|$)|sirv\b|python3?\s+-m\s+http\.server|astro\s+(?:dev|preview)\b|svelte-kit\s+(?:dev|preview)\b|snowpack\s+dev\b|node(?=\s)|nodemon\b|ts-node\b|tsx(?=\s)|electron(?=\s|$)|netlify\s+dev\b|vercel\s+dev\b|wrangler\s+dev\b)/;
/** An HTTPS address of a static host in a README: GitHub Pages, Netlify, Vercel, Cloudflare Pages, Firebase Hosting, Surge, Render. */
const PRODUCTION_URL = /\bhttps:\/\/[a-z0-9.-]+\.(?:github\.io|netlify\.app|vercel\.app|pages\.dev|web\.app|firebaseapp\.com|surge\.sh|onrender\.com)\b[^\s"'`<>()\]]*/gi;
/** Files that configure a static host: the page is served over HTTPS from its origin there. */
const HOSTING_FILES = ['netlify.toml', 'vercel.json', 'firebase.json', 'CNAME', 'staticwebapp.config.json'];

/** Where the repository says a browser module's page is served from (see {@link servingOrigin}). */
export interface Serving {
  /** `https`: from an HTTPS origin only (not reported); `local`: from this machine or plain HTTP; `unknown`: not said. */
  kind: 'https' | 'local' | 'unknown';
  why: string;
  /** Internal to {@link servingOrigin}: the README's static-host addresses, matched to each page. */
  addresses?: string[];
  /** Internal: the package's own HTTPS origin (its `homepage`, a static host's configuration) when no address names the page. */
  fallback?: Serving;
}

const servedOrigins = new Map<string, Journaled<Serving>>();

/**
 * Where the repository says a browser module's page is served from, facts a reviewer would read (issue 26): an
 * Electron app whose main script opens its windows with `webSecurity: false` (the renderer makes no CORS checks:
 * `https`); a package script or a README line that serves the app from this machine (a dev server, a static server,
 * a Node server, a localhost or plain-HTTP address: `local`, whatever the production origin, since the app is run
 * there too); otherwise an HTTPS production origin (a GitHub Pages, Netlify, Vercel, ... address in the README, the
 * package's `homepage`, a static host's configuration file: `https`); otherwise `unknown`. Undefined with no project.
 */
export function servingOrigin(name: string): Serving | undefined {
  const project = projectOf(name);
  if (!project) return undefined;
  const filename = path.resolve(name);
  const pkg = packageOf(project.root, path.dirname(filename));
  const key = pkg?.dir ?? project.root;
  const known = journaled(servedOrigins, key, () => servingOf(project.root, pkg));
  if (known.kind !== 'unknown' || known.addresses === undefined) return known;
  // An HTTPS address counts only for the page it names (issue 26, set 12): another repository's page, or a sibling
  // page, says nothing about where this one is served.
  const pages = isMarkupFile(filename) ? [filename] : loadingPages(project, filename, false).map((p) => p.page);
  if (pages.length === 0) pages.push(path.join(key, 'index.html'));
  const dirs = [...new Set([project.root, key])];
  const named = (addresses: string[], pagesOnly: boolean, names: (address: string, page: string, repo: string | undefined) => boolean = namesPage): string | undefined => {
    let first: string | undefined;
    const repo = pagesOnly ? path.basename(project.root) : undefined;
    const naming = (page: string): string | undefined => addresses.find((a) => dirs.some((d) => names(a, path.relative(d, page).split(path.sep).join('/'), repo)));
    for (const page of pages) {
      // A page no address names is served where a named page of its folder links to it (`<a href="call.html">`).
      const address = naming(page) ?? linkedAddress(page, naming);
      if (address === undefined) return undefined;
      first ??= address;
    }
    return first;
  };
  const readme = named(known.addresses, false);
  if (readme) return { kind: 'https', why: `the README gives its address (${readme}, HTTPS) and nothing serves it from localhost or plain HTTP` };
  const written = named(writtenPageAddresses(project.root).pages, true);
  if (written) return { kind: 'https', why: `the repository writes its page's address (${written}, HTTPS) and nothing serves it from localhost or plain HTTP` };
  // The OAuth redirect URI the repository's code sends: the authorization server returns the browser only to it, so
  // the page it names runs at its origin, unless the repository's browser launch configuration opens the page at a
  // local address (as for a code exchange's redirect URI in engine/notices/cors-localhost-origins.ts).
  const repo = path.basename(project.root);
  const redirect = named(writtenPageAddresses(project.root).redirects, false, (address, page) => redirectNamesPage(address, page, repo));
  if (redirect && debuggedPageUrl(filename) === undefined) return { kind: 'https', why: `its OAuth redirect URI (${redirect}, HTTPS) returns the browser to the page there, and nothing serves it from localhost or plain HTTP` };
  return known.fallback ?? known;
}

/**
 * The address a page of the same folder gives `page` by a relative link, when an address names that page (`naming`):
 * an `<a href>`, `<iframe src>` or `<form action>` of `call.html` / `./call.html` (a query or fragment after it), or a
 * script's `location.href = 'call.html'`, `location.assign/replace('call.html')`, `window.open('call.html')`. A
 * relative link opens the page at the linking page's origin: its address resolved with the link. Undefined otherwise.
 */
function linkedAddress(page: string, naming: (page: string) => string | undefined): string | undefined {
  const dir = path.dirname(page);
  const base = path.basename(page);
  const escaped = base.replace(/[.*+?^$|()[\]{}\\]/g, '\\$&');
  const target = `(?:\\./)?${escaped}(?:[?#][^"'\\s]*)?`;
  const link = new RegExp(`(?:\\b(?:href|src|action)\\s*=\\s*|\\blocation(?:\\.href)?\\s*=\\s*|\\blocation\\.(?:assign|replace)\\(\\s*|\\bopen\\(\\s*)(["'])${target}\\1`, 'i');
  for (const name of listDir(dir)) {
    if (name === base || !/\.html?$/i.test(name)) continue;
    const linker = path.join(dir, name);
    if (!link.test(readText(linker) ?? '')) continue;
    const address = naming(linker);
    if (address === undefined) continue;
    try {
      return new URL(base, address).href;
    } catch {
      continue;
    }
  }
  return undefined;
}

/**
 * Whether an HTTPS address names a page (its path inside the repository, `/`-separated): the address's path ends
 * with the page's path (a GitHub Pages project address has the repository's name before it), a folder's address
 * (`/repo/`, `/repo/app`) naming its `index.html`. For an address written in the repository's code or docs (`repo`,
 * the repository's folder name, given), only one that writes the page's file name (`.../dir/page.html`) names it,
 * and a page at the root (`index.html`) only with the repository's name before it: a bare `/index.html` names any site's.
 */
function namesPage(address: string, page: string, repo: string | undefined): boolean {
  const pagesOnly = repo !== undefined;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || LOOPBACK.test(address)) return false;
  let p = url.pathname;
  if (!pagesOnly) {
    if (p.endsWith('/')) p += 'index.html';
    else if (!/\.[a-z0-9]+$/i.test(p.split('/').pop()!)) p += '/index.html';
  }
  if (pagesOnly && !page.includes('/')) return p === `/${repo}/${page}`;
  return p === `/${page}` || p.endsWith(`/${page}`);
}

interface WrittenAddresses {
  /** HTTPS addresses of HTML pages written anywhere. */
  pages: string[];
  /** The OAuth redirect URIs the code sends ({@link redirectUris}), or none when one of them is local. */
  redirects: string[];
}

/** Hosts of GitHub Pages and GitLab Pages, which serve a repository's project site at `/<repository>/`. */
const PROJECT_SITE_HOST = /^[a-z0-9-]+\.(?:github|gitlab)\.io$/i;

/**
 * Whether an OAuth redirect URI names a page (its path inside the repository, `/`-separated): the site's root (`/`)
 * names the root's `index.html`, an address ending in a file name the page of that path, and a GitHub or GitLab
 * Pages project site's address (`https://owner.github.io/<repo>/`, `repo` the repository's folder name) the page
 * that site publishes, the root's `index.html` or that of `docs/` (a publishing source GitHub Pages offers). Any other
 * path (`/callback`, `/auth/`) is a route of a server, or a folder the repository need not mirror: it names no page.
 */
function redirectNamesPage(address: string, page: string, repo: string): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  const p = url.pathname;
  if (p === '/') return page === 'index.html';
  if (PROJECT_SITE_HOST.test(url.hostname) && p.replace(/\/$/, '').toLowerCase() === `/${repo.toLowerCase()}`) return page === 'index.html' || page === 'docs/index.html';
  return /\.[a-z0-9]+$/i.test(p.split('/').pop()!) && (p === `/${page}` || p.endsWith(`/${page}`));
}

const writtenAddresses = new Map<string, Journaled<WrittenAddresses>>();
/** Files whose text may write a page's address: code, configuration, docs and pages. */
const ADDRESS_FILES = /\.(?:[cm]?[jt]sx?|json|ya?ml|md|markdown|txt|html?|xml|toml)$/i;
/** Files whose text may send an OAuth redirect URI: code and pages (not docs, whose addresses are examples). */
const REDIRECT_FILES = /\.(?:[cm]?[jt]sx?|html?)$/i;
const MAX_ADDRESS_FILES = 2000;

/**
 * The HTTPS addresses of HTML pages (`https://host/path/page.html`, not localhost) the repository writes anywhere:
 * a string of its code (a device macro's configuration), its docs, its pages; and the OAuth redirect URIs its code
 * and pages send ({@link redirectUris}). Read once per root, at most {@link MAX_ADDRESS_FILES} files, outside
 * `node_modules` and dot folders.
 */
function writtenPageAddresses(root: string): WrittenAddresses {
  // Journaled (engine/project/journal.ts): a later file reusing the list records the files and folders it was read from.
  return journaled(writtenAddresses, root, () => {
    const list: string[] = [];
    let redirects: string[] | undefined = [];
    const stack = [root];
    let files = 0;
    while (stack.length > 0 && files < MAX_ADDRESS_FILES) {
      const dir = stack.pop()!;
      for (const name of listDir(dir)) {
        if (name === 'node_modules' || name.startsWith('.')) continue;
        const full = path.join(dir, name);
        const entry = walkEntry(full);
        if (entry?.dir) stack.push(full);
        else if (entry && ADDRESS_FILES.test(name) && files++ < MAX_ADDRESS_FILES) {
          const text = readText(full) ?? '';
          // The path's length is bounded: every `https://` of a hostile line would otherwise scan to the line's end.
          for (const m of text.matchAll(/\bhttps:\/\/[a-z0-9.-]+(?::\d+)?\/[^\s"'`<>()?#]{0,300}\.html?\b/gi)) list.push(m[0]);
          if (redirects && REDIRECT_FILES.test(name) && text.includes('redirect_uri')) {
            const sent = redirectUris(text);
            redirects = sent && [...redirects, ...sent];
          }
        }
      }
    }
    return { pages: list, redirects: redirects ?? [] };
  });
}

/** Domains reserved for examples (RFC 2606, RFC 6761): an address there is a placeholder, no page's. */
const EXAMPLE_HOST = /(?:^|\.)(?:example(?:\.(?:com|org|net))?|test|invalid|localhost)$/i;
/** A redirect URI under another spelling given a plain-HTTP address (`"redirect-uri": "http://203.0.113.7"`, `redirectUri = 'http://...'`). */
const PLAIN_HTTP_REDIRECT = /redirect[-_]?ur[il]\w{0,40}["']?\s*[:=]\s*["'`]http:\/\//i;
/** A loopback address written in a file (`http://localhost:3000/callback`). */
const LOCAL_ADDRESS = /\bhttps?:\/\/(?:localhost|127\.|0\.0\.0\.0|\[::1\])/i;

/**
 * The OAuth redirect URIs a script or page sends: the value of a `redirect_uri` query parameter (raw or
 * percent-encoded) or key, written as a literal, or as a name the same text gives a literal (`var appRedirectUri =
 * "https://app.example.net/"` then `'redirect_uri=' + encodeURIComponent(appRedirectUri)`). Each is an HTTPS address
 * other than localhost or an example domain; undefined (no evidence at all) when the text also writes a loopback or
 * plain-HTTP address: the app may then be run from this machine with that redirect. A value not written here (a
 * parameter, an environment variable, the page's own location) is passed over.
 */
function redirectUris(text: string): string[] | undefined {
  if (LOCAL_ADDRESS.test(text) || PLAIN_HTTP_REDIRECT.test(text)) return undefined;
  const values: string[] = [];
  /** Whether a match lies on a comment line (`// ...&redirect_uri=https://requestb.in/...`), an example kept aside. */
  const commented = (at: number): boolean => /^\s*(?:\/\/|\/\*|\*|<!--)/.test(text.slice(text.lastIndexOf('\n', at) + 1, at));
  for (const m of text.matchAll(/\bredirect_uri(?:=|["']?\s*:\s*["'`])([^&"'`\s<>]{1,300})/gi)) if (!commented(m.index)) values.push(m[1]);
  // The literals the text assigns to each name (`name = "https://..."`, the name compared as the `i` flag did), found
  // in one pass when a redirect URI first names a variable: one pass per name was a pass over the text per match.
  let assigned: Map<string, string[]> | undefined;
  const assignedTo = (name: string): readonly string[] => {
    if (!assigned) {
      assigned = new Map();
      for (const w of text.matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*)\s*=\s*(["'`])([a-z]+:\/\/[^"'`\s]{1,300})\2/gi)) {
        const key = w[1].toLowerCase();
        const list = assigned.get(key);
        if (list) list.push(w[3]);
        else assigned.set(key, [w[3]]);
      }
    }
    return assigned.get(name.toLowerCase()) ?? [];
  };
  for (const m of text.matchAll(/\bredirect_uri(?:=["'`]?\s*\+\s*|=\$\{\s*|["']?\s*:\s*)(?:encodeURI(?:Component)?\(\s*)?([A-Za-z_$][\w$]{0,80})(?![\w$.(])/g)) {
    if (commented(m.index)) continue;
    values.push(...assignedTo(m[1]));
  }
  const out: string[] = [];
  for (const v of values) {
    let url: URL;
    try {
      url = new URL(decodeURIComponent(v));
    } catch {
      continue;
    }
    // A plain-HTTP or loopback redirect: the app is run there too.
    if (url.protocol !== 'https:' || LOOPBACK.test(url.href)) return undefined;
    if (!EXAMPLE_HOST.test(url.hostname)) out.push(url.href);
  }
  return out;
}

/** An Electron main script that opens a window with web security off. */
const insecureWindow = (text: string | undefined): boolean => !!text && /\bBrowserWindow\b/.test(text) && /\bwebSecurity\s*:\s*false\b/.test(text);

/** Folders an Electron main script's source is not looked for in: dependencies and build output. */
const NOT_MAIN_SOURCE = new Set(['node_modules', 'dist', 'out', 'build', 'release', 'coverage']);
const MAIN_SOURCE = /\.[cm]?[jt]s$/i;
/** How many script files are read at most when an Electron package's `main` is a build output not in the repository. */
const MAX_MAIN_SOURCES = 400;

/**
 * Whether an Electron package (the caller checks that it depends on `electron`) whose `main` names a build output missing from the
 * repository (`dist/main.bundle.js`, `.webpack/main`) builds it from a source that opens a window with web security
 * off: a script of the package, outside dependencies and build folders, that does so. Read once per package.
 */
function builtMainTurnsSecurityOff(pkg: PackageInfo): boolean {
  const stack = [pkg.dir];
  let files = 0;
  while (stack.length > 0 && files < MAX_MAIN_SOURCES) {
    const dir = stack.pop()!;
    for (const name of listDir(dir)) {
      if (name.startsWith('.') || NOT_MAIN_SOURCE.has(name)) continue;
      const full = path.join(dir, name);
      const entry = walkEntry(full);
      if (entry?.dir) {
        // Another package's folder is that package's business.
        if (!listDir(full).includes('package.json')) stack.push(full);
      } else if (entry && MAIN_SOURCE.test(name) && !name.endsWith('.d.ts') && files++ < MAX_MAIN_SOURCES && insecureWindow(readText(full))) return true;
    }
  }
  return false;
}

/**
 * Relative specifiers a script imports or requires (`require('./window')`, `from '../shell/window.js'`, `import('./w')`).
 * An `import` at a line's start is found from the start of its own line (white space other than line breaks before
 * it), not from every line start of a run of blank lines before it: the same specifiers.
 */
const RELATIVE_IMPORT = /(?:\brequire\s*\(\s*|\bfrom\s*|\bimport\s*\(\s*|^[^\S\n\r\u2028\u2029]*import\s+)(['"])(\.{1,2}\/[^'"]+)\1/gm;
const SCRIPT_ENDINGS = ['', '.js', '.ts', '.mjs', '.cjs', '.mts', '.cts', '/index.js', '/index.ts'];
/** How deep and how many of the main script's own modules are read for the window it opens. */
const MAIN_IMPORT_LEVELS = 3;
const MAX_MAIN_IMPORTS = 40;

/**
 * Whether a module of the package that an Electron main script in the repository imports (relative specifiers,
 * {@link MAIN_IMPORT_LEVELS} levels, at most {@link MAX_MAIN_IMPORTS} files) opens a window with web security off:
 * the main process is the main script and what it loads (`require('./src/window')`), not only its own text, which
 * the caller judges first (issue 26, 26safe). A script of the package that the main script does not load does not count.
 */
function mainTurnsSecurityOff(pkgDir: string, mainPath: string, main: string): boolean {
  const seen = new Set([mainPath]);
  let level: Array<[string, string]> = [[mainPath, main]];
  for (let depth = 0; depth < MAIN_IMPORT_LEVELS && level.length > 0; depth++) {
    const next: Array<[string, string]> = [];
    for (const [file, text] of level) {
      for (const m of text.matchAll(RELATIVE_IMPORT)) {
        const base = path.resolve(path.dirname(file), m[2]);
        if (!isInside(pkgDir, base)) continue;
        for (const ending of SCRIPT_ENDINGS) {
          const candidate = base + ending;
          if (seen.has(candidate) || !MAIN_SOURCE.test(candidate)) continue;
          const imported = readText(candidate);
          if (imported === undefined) continue;
          seen.add(candidate);
          if (insecureWindow(imported)) return true;
          if (seen.size >= MAX_MAIN_IMPORTS) return false;
          next.push([candidate, imported]);
          break;
        }
      }
    }
    level = next;
  }
  return false;
}

/** Whether a package depends on `electron` (its dependencies or devDependencies). */
function dependsOnElectron(pkg: PackageInfo): boolean {
  const json = pkg.json ?? {};
  return 'electron' in { ...(json.dependencies as Record<string, unknown> | undefined), ...(json.devDependencies as Record<string, unknown> | undefined) };
}

function servingOf(root: string, pkg: PackageInfo | undefined): Serving {
  const mainPath = pkg?.json && typeof pkg.json.main === 'string' ? path.resolve(pkg.dir, pkg.json.main) : undefined;
  const main = mainPath !== undefined ? readText(mainPath) : undefined;
  // The main script's own text; in an Electron package, also the modules it loads, or, when `main` names a build
  // output the repository does not hold, the package's scripts it is built from.
  if (
    insecureWindow(main) ||
    (pkg && mainPath !== undefined && dependsOnElectron(pkg) && (main !== undefined ? mainTurnsSecurityOff(pkg.dir, mainPath, main) : builtMainTurnsSecurityOff(pkg)))
  )
    return { kind: 'https', why: 'its Electron window turns web security off (`webSecurity: false`)' };
  const dirs = [...new Set([pkg?.dir, root].filter((d): d is string => d !== undefined))];
  const readmes = dirs.flatMap((dir) => listDir(dir).filter((f) => /^readme(?:\.md|\.markdown|\.txt)?$/i.test(f)).map((f) => readText(path.join(dir, f)) ?? ''));
  const rootPkg = packageOf(root, root);
  for (const p of [pkg, rootPkg]) {
    const scripts = p?.json?.scripts;
    if (!scripts || typeof scripts !== 'object') continue;
    for (const [script, command] of Object.entries(scripts as Record<string, unknown>)) {
      if (typeof command === 'string' && LOCAL_SCRIPT.test(command)) return { kind: 'local', why: `its package script \`${script}\` serves it from this machine (\`${command.slice(0, 80)}\`)` };
    }
  }
  const local = readmes.map((t) => t.match(LOCAL_SERVING)?.[0]).find((m) => m !== undefined);
  if (local !== undefined) return { kind: 'local', why: `its README serves it from this machine or plain HTTP (\`${local}\`)` };
  // A README's static-host addresses: each page is matched to them by servingOrigin.
  const addresses = readmes.flatMap((t) => [...t.matchAll(PRODUCTION_URL)].map((m) => m[0]));
  const unknown: Serving = { kind: 'unknown', why: 'nothing in the repository says where its page is served', addresses };
  const homepage = pkg?.json?.homepage;
  if (typeof homepage === 'string' && /^https:\/\//i.test(homepage) && !/^https:\/\/(?:www\.)?(?:github|gitlab|bitbucket)\.(?:com|org)\//i.test(homepage) && !LOOPBACK.test(homepage)) {
    return { ...unknown, fallback: { kind: 'https', why: `its package's \`homepage\` is ${homepage} (HTTPS) and nothing serves it from localhost or plain HTTP` } };
  }
  const hosting = dirs.flatMap((dir) => HOSTING_FILES.filter((f) => listDir(dir).includes(f)))[0];
  if (hosting) return { ...unknown, fallback: { kind: 'https', why: `${hosting} configures a static host that serves it over HTTPS, and nothing serves it from localhost or plain HTTP` } };
  return unknown;
}

const LOOPBACK = /^https?:\/\/(?:localhost|127\.|0\.0\.0\.0|\[::1\])/i;

/**
 * A file a bundler starts from by its framework's convention, not by an import: `main`/`index`/`app` modules, the
 * route, page and layout trees of SvelteKit, Next.js, Nuxt and Remix, SvelteKit's client hooks.
 */
const ENTRY_LIKE = /(?:^|\/)(?:main|index|app|App|entry(?:\.client)?|bootstrap|polyfills?|hooks\.client|service-?worker|sw)\.[cm]?[jt]sx?$|(?:^|\/)(?:routes|pages|app|layouts|middleware|plugins)\//;
/** Imports a bundler resolves from a pattern, not a specifier: the module graph cannot be read from the text. */
const PATTERN_IMPORTS = /\bimport\.meta\.glob(?:Eager)?\s*\(|\brequire\.context\s*\(|\bimport\s*\(\s*`[^`]*\$\{/;

/**
 * Why a module of a bundled front-end app is part of no page, or undefined when it may be. A bundler puts in a page
 * only the modules reachable by imports from its entries, so a source file of a web app's `src/` tree (the package
 * evidence of {@link browserEvidenceAt}: a front-end framework built by its bundler, a static SvelteKit app) that
 * no file of its package imports in code (an import in a comment does not count), that no HTML page, bundler
 * configuration or manifest names, and that is no entry by its framework's convention never runs in a browser.
 * Undefined whenever the graph is not fully known: more source files than are searched, imports by pattern
 * (`import.meta.glob`, `require.context`, a template `import()`), or a file that is not such an app's.
 */
export function unloadedModule(name: string): string | undefined {
  if (isMarkupFile(name)) return undefined;
  const project = projectOf(name);
  if (!project) return undefined;
  const filename = path.resolve(name);
  const pkg = packageOf(project.root, path.dirname(filename));
  if (!pkg?.json || !isInside(path.join(pkg.dir, 'src'), filename)) return undefined;
  const text = readText(filename);
  const why = text === undefined ? undefined : packageEvidence(project.root, filename, text);
  if (why === undefined || why.includes('`browser` field')) return undefined;
  const rel = path.relative(pkg.dir, filename).split(path.sep).join('/');
  if (ENTRY_LIKE.test(rel.replace(/^src\//, ''))) return undefined;
  if (pageEvidence(project, filename) !== undefined) return undefined;
  const files = importersOf(project, pkg.dir);
  if (files.length > MAX_IMPORTERS_SEARCHED) return undefined;
  const stem = filename.replace(/\.[cm]?[jt]sx?$/, '');
  const base = path.basename(stem);
  // Configuration and manifests of the package that may name the file as an entry (webpack's `entry`, a manifest).
  for (const n of listDir(pkg.dir)) {
    if (!/\.(?:[cm]?[jt]s|json|html?)$/.test(n) || n === 'package-lock.json') continue;
    const t = readText(path.join(pkg.dir, n));
    if (t?.includes(base)) return undefined;
  }
  // A worker the app starts (`new Worker(new URL('./w.js', import.meta.url))`) is bundled without an import.
  if (files.some((f) => f.file !== filename && !f.nodeThreads && f.workers.includes(stemOf(filename)))) return undefined;
  for (const importer of files) {
    if (importer.file === filename) continue;
    const t = readText(importer.file);
    if (t === undefined || PATTERN_IMPORTS.test(t)) return undefined;
    const targets = importer.targets();
    if (!targets.has(filename) && !targets.has(stem)) continue;
    // The importer names it: in code, unless the only lines that do are comments (`//import { x } from '../lib/webex'`);
    // an import written in a shape these lines do not show (a specifier on a line of its own) counts as one.
    const names = (line: string): boolean =>
      specifiersIn(line).some((s) => {
        const target = svelteKitLib(pkg.dir, s) ?? project.resolver.resolve(importer.file, s);
        return target === filename || target === stem;
      });
    let commented = false;
    for (const line of t.split('\n')) {
      if (!line.includes(base) || !names(line)) continue;
      if (!/^\s*(?:\/\/|\/?\*|<!--)/.test(line)) return undefined;
      commented = true;
    }
    if (!commented) return undefined;
  }
  return `no file of its app imports it (${rel} is in no page's module graph)`;
}

/**
 * Whether the module's package is a web app whose pages the repository holds: it depends on a front-end framework
 * or app builder (or Next.js, Nuxt, SvelteKit), or an HTML page sits in its folder, `public/` or `src/`. Such an
 * app with no production origin is run from this machine; a lone script or a library says nothing about its pages.
 */
export function holdsPages(name: string): boolean {
  const project = projectOf(name);
  if (!project) return false;
  const filename = path.resolve(name);
  const pkg = packageOf(project.root, path.dirname(filename));
  const dir = pkg?.dir ?? project.root;
  const deps = dependencies(pkg?.json);
  if ([...BROWSER_FRAMEWORKS, ...APP_BUILDERS, 'next', 'nuxt', '@sveltejs/kit'].some((d) => deps.has(d))) return true;
  return [dir, path.join(dir, 'public'), path.join(dir, 'src')].some((d) => listDir(d).some((n) => /\.html?$/i.test(n)));
}
