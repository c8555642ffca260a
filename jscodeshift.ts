/**
 * `collab-migrate/jscodeshift` (`dist/jscodeshift.js`): the jscodeshift transform's entry.
 *
 * jscodeshift `require()`s a transform, by default through `@babel/register`, which recompiles every
 * `.js` file under the working directory (node_modules included) to CommonJS; the engine is ES modules
 * (it uses `import.meta`), so it cannot go through that hook. This entry therefore has no static import
 * of the engine and no `import.meta`: it finds its own location and loads `codemods/jscodeshift.js`
 * with a native `import()` that the hook never sees. It works both when Babel compiles it to CommonJS
 * and when Node loads it as an ES module (`--no-babel`, or `require(esm)`).
 */
import { pathToFileURL } from 'node:url';
import type { TransformApi, TransformFile, TransformOptions } from './codemods/jscodeshift.js';

type Implementation = typeof import('./codemods/jscodeshift.js');

// A native dynamic import, hidden from Babel's CommonJS transform (which would turn `import()` into `require`).
const nativeImport = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<Implementation>;

/** This file's URL: from `__filename` when compiled to CommonJS, else from the first frame of a stack trace. */
function ownUrl(): string {
  if (typeof __filename === 'string') return pathToFileURL(__filename).href;
  const frame = /(file:\/\/[^\s()]+?):\d+:\d+/.exec(new Error().stack ?? '');
  if (!frame) throw new Error('collab-migrate: cannot locate the jscodeshift transform module');
  return frame[1];
}

/**
 * Under jscodeshift's Babel hook, releases it once this module is loaded: the hook would otherwise
 * also recompile every CommonJS dependency the engine imports (the TypeScript compiler among them),
 * which takes minutes. jscodeshift needs the hook only to load the transform, which is done by now.
 */
function releaseBabelHook(): void {
  const main = (typeof require === 'function' ? require.main : undefined) ?? process.mainModule;
  if (!main || !/[\\/]jscodeshift[\\/]/.test(main.filename)) return;
  try {
    const register = main.require('@babel/register') as { revert?: () => void };
    register.revert?.();
  } catch {
    // jscodeshift without @babel/register (--no-babel builds): nothing to release
  }
}

let implementation: Promise<Implementation> | undefined;

/** The transform (see codemods/jscodeshift.ts): the source with the engine's autofixes applied. */
export default async function transform(file: TransformFile, api: TransformApi, options: TransformOptions): Promise<string | undefined> {
  if (!implementation) {
    releaseBabelHook();
    implementation = nativeImport(new URL('./codemods/jscodeshift.js', ownUrl()).href);
  }
  return (await implementation).default(file, api, options);
}
