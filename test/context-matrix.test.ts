/**
 * Issue 26, shape 7 and precision (fifteenth session): a context matrix. For each usual layout of a JS/TS project,
 * does the engine decide where a module runs (browser, server, neither) and where its page is served (this machine,
 * an HTTPS origin, not said) as `cors-localhost-origins` states it (engine/project/context.ts; the catalog entry's
 * `reason`)? Each cell is a synthesized mini-project written to a temp folder: a positive (browser code calling the
 * platform's API from a page served locally or from a page of its own) beside look-alikes (the same request from
 * server code, a native app, a proxied dev server, an extension with host permissions, a page at an HTTPS origin).
 * `want` is the confidence of each finding in the target file ([] = quiet).
 */
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tempProjects } from './helpers/temp-project.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const catalog = loadCatalog();
const options: AnalyzeOptions = { catalog, notices: catalog.notices.filter((n) => n.id === 'cors-localhost-origins'), engine: { today: '2026-11-27' } };
const project = tempProjects('cm-context-matrix-');
const scan = (files: Record<string, string>, rel: string): string[] =>
  analyzeFile({ filename: path.join(project(files), rel), text: files[rel] }, options).matches.map((m) => m.confidence);

const API = 'https://webexapis.com/v1/people/me';
/** A module that calls the API and says nothing about where it runs. */
const client = `export async function me(key) {\n  const r = await fetch('${API}', { headers: { Authorization: 'Bearer ' + key } });\n  return r.json();\n}\n`;
/** The same request through a path a dev server proxies to the API (`/v1` -> webexapis.com). */
const proxied = "export async function me(key) {\n  const r = await fetch('/v1/people/me', { headers: { Authorization: 'Bearer ' + key } });\n  return r.json();\n}\n";
/** A React component that calls the API in an effect. */
const reactComponent = `import { useEffect, useState } from 'react';\nexport default function Me({ token }) {\n  const [me, setMe] = useState(null);\n  useEffect(() => {\n    fetch('${API}', { headers: { Authorization: 'Bearer ' + token } }).then((r) => r.json()).then(setMe);\n  }, [token]);\n  return me ? me.displayName : null;\n}\n`;
const pkg = (json: Record<string, unknown>): string => JSON.stringify({ name: 'app', version: '1.0.0', ...json });
const spa = (deps: Record<string, string>, dev: Record<string, string>, scripts: Record<string, string>): string => pkg({ scripts, dependencies: deps, devDependencies: dev });
const page = (src: string): string => `<!doctype html>\n<html><body><div id="root"></div>\n<script type="module" src="${src}"></script>\n</body></html>\n`;

interface Cell {
  /** The layout and the case. */
  name: string;
  files: Record<string, string>;
  target: string;
  /** Confidence of each finding in the target file: the rule's answer. */
  want: string[];
}

const CERTAIN = ['certain'];
const LIKELY = ['likely'];
const QUIET: string[] = [];

const matrix: Record<string, Cell[]> = {
  'plain HTML page + script': [
    { name: 'positive: a page of the repository loads the script', files: { 'index.html': '<!doctype html><script src="app.js"></script>\n', 'app.js': client }, target: 'app.js', want: CERTAIN },
    { name: 'look-alike: the same script with no page (a Node script)', files: { 'app.js': client }, target: 'app.js', want: QUIET },
    {
      name: 'look-alike: the page is served from GitHub Pages (README) and nothing serves it locally',
      files: { 'index.html': '<!doctype html><script src="app.js"></script>\n', 'app.js': client, 'README.md': '# Me\n\nOpen https://someone.github.io/me/\n' },
      target: 'app.js',
      want: QUIET,
    },
  ],
  'Vite / webpack / Parcel SPA': [
    {
      name: 'positive: Vite + React, a module imported by the app',
      files: { 'package.json': spa({ react: '18', 'react-dom': '18' }, { vite: '5' }, { dev: 'vite', build: 'vite build' }), 'index.html': page('/src/main.jsx'), 'src/main.jsx': "import { me } from './api.js';\nme('k');\n", 'src/api.js': client },
      target: 'src/api.js',
      want: CERTAIN,
    },
    {
      name: 'look-alike: Vite `server.proxy` forwards `/v1` to the API (same origin for the page)',
      files: {
        'package.json': spa({ react: '18', 'react-dom': '18' }, { vite: '5' }, { dev: 'vite' }),
        'vite.config.js': "export default { server: { proxy: { '/v1': { target: 'https://webexapis.com', changeOrigin: true } } } };\n",
        'index.html': page('/src/main.jsx'),
        'src/main.jsx': "import { me } from './api.js';\nme('k');\n",
        'src/api.js': proxied,
      },
      target: 'src/api.js',
      want: QUIET,
    },
    {
      name: 'positive: a proxy is configured but the module still calls the API host directly',
      files: {
        'package.json': spa({ react: '18', 'react-dom': '18' }, { vite: '5' }, { dev: 'vite' }),
        'vite.config.js': "export default { server: { proxy: { '/v1': 'https://webexapis.com' } } };\n",
        'index.html': page('/src/main.jsx'),
        'src/main.jsx': "import { me } from './api.js';\nme('k');\n",
        'src/api.js': client,
      },
      target: 'src/api.js',
      want: CERTAIN,
    },
    {
      name: 'positive: webpack + React (`webpack serve`)',
      files: { 'package.json': spa({ react: '18', 'react-dom': '18' }, { webpack: '5', 'webpack-cli': '5' }, { start: 'webpack serve' }), 'webpack.config.js': "module.exports = { entry: './src/index.js' };\n", 'src/index.js': "import { me } from './api';\nme('k');\n", 'src/api.js': client },
      target: 'src/api.js',
      want: CERTAIN,
    },
    {
      name: 'look-alike: webpack `devServer.proxy` and a relative URL',
      files: {
        'package.json': spa({ react: '18', 'react-dom': '18' }, { webpack: '5' }, { start: 'webpack serve' }),
        'webpack.config.js': "module.exports = { entry: './src/index.js', devServer: { proxy: { '/v1': { target: 'https://webexapis.com', changeOrigin: true } } } };\n",
        'src/index.js': "import { me } from './api';\nme('k');\n",
        'src/api.js': proxied,
      },
      target: 'src/api.js',
      want: QUIET,
    },
    {
      name: 'positive: Parcel serves index.html',
      files: { 'package.json': spa({ react: '18', 'react-dom': '18' }, { parcel: '2' }, { start: 'parcel index.html' }), 'index.html': page('./src/index.js'), 'src/index.js': "import { me } from './api';\nme('k');\n", 'src/api.js': client },
      target: 'src/api.js',
      want: CERTAIN,
    },
    {
      name: 'positive: Vue single-file component',
      files: { 'package.json': spa({ vue: '3' }, { vite: '5', '@vitejs/plugin-vue': '5' }, { dev: 'vite' }), 'src/components/Me.vue': `<script setup>\nconst r = await fetch('${API}');\n</script>\n<template><p>me</p></template>\n` },
      target: 'src/components/Me.vue',
      want: CERTAIN,
    },
    {
      name: 'positive: Svelte component',
      files: { 'package.json': spa({}, { svelte: '4', vite: '5' }, { dev: 'vite' }), 'src/App.svelte': `<script>\n  const me = fetch('${API}').then((r) => r.json());\n</script>\n<p>me</p>\n` },
      target: 'src/App.svelte',
      want: CERTAIN,
    },
    {
      name: 'positive: Angular service (`ng serve`)',
      files: {
        'package.json': spa({ '@angular/core': '17', '@angular/common': '17' }, { '@angular/cli': '17' }, { start: 'ng serve' }),
        'angular.json': '{ "projects": {} }\n',
        'src/app/me.service.ts': `import { Injectable } from '@angular/core';\nimport { HttpClient } from '@angular/common/http';\n@Injectable({ providedIn: 'root' })\nexport class MeService {\n  constructor(private http: HttpClient) {}\n  me() {\n    return this.http.get('${API}');\n  }\n}\n`,
      },
      target: 'src/app/me.service.ts',
      want: CERTAIN,
    },
    {
      name: 'positive: Solid + Vite',
      files: { 'package.json': spa({ 'solid-js': '1' }, { vite: '5', 'vite-plugin-solid': '2' }, { dev: 'vite' }), 'index.html': page('/src/index.tsx'), 'src/index.tsx': "import { me } from './api';\nme('k');\n", 'src/api.ts': client },
      target: 'src/api.ts',
      want: CERTAIN,
    },
    {
      name: 'positive: Preact + Vite',
      files: { 'package.json': spa({ preact: '10' }, { vite: '5', '@preact/preset-vite': '2' }, { dev: 'vite' }), 'src/main.jsx': "import { me } from './api';\nme('k');\n", 'src/api.js': client },
      target: 'src/api.js',
      want: CERTAIN,
    },
  ],
  'Next.js (pages/ and app/ routers)': ((): Cell[] => {
    const next = (files: Record<string, string>): Record<string, string> => ({ 'package.json': spa({ next: '14', react: '18', 'react-dom': '18' }, {}, { dev: 'next dev', build: 'next build', start: 'next start' }), ...files });
    return [
      { name: "positive: a `'use client'` component of the app router", files: next({ 'app/me/Me.tsx': `'use client';\n${reactComponent}` }), target: 'app/me/Me.tsx', want: CERTAIN },
      { name: "positive: `'use client'` after a licence comment", files: next({ 'app/me/Me.tsx': `/* (c) 2026 */\n// client side\n"use client";\n${reactComponent}` }), target: 'app/me/Me.tsx', want: CERTAIN },
      { name: "look-alike: `'use client'` only in a comment or a string is no directive", files: next({ 'app/me/Me.tsx': `// not 'use client' here\nconst note = 'use client';\n${reactComponent}` }), target: 'app/me/Me.tsx', want: QUIET },
      { name: 'positive: a component of the pages router (client bundle)', files: next({ 'components/Me.jsx': reactComponent, 'pages/index.jsx': "import Me from '../components/Me';\nexport default function Home() { return <Me token=\"t\" />; }\n" }), target: 'components/Me.jsx', want: CERTAIN },
      { name: 'look-alike: an API route `pages/api/me.ts`', files: next({ 'pages/api/me.ts': `export default async function handler(req, res) {\n  const r = await fetch('${API}', { headers: { Authorization: req.headers.authorization } });\n  res.json(await r.json());\n}\n` }), target: 'pages/api/me.ts', want: QUIET },
      { name: 'look-alike: a route handler `app/api/me/route.ts`', files: next({ 'app/api/me/route.ts': `export async function GET(req) {\n  const r = await fetch('${API}', { headers: { Authorization: req.headers.get('authorization') } });\n  return Response.json(await r.json());\n}\n` }), target: 'app/api/me/route.ts', want: QUIET },
      { name: 'look-alike: a Server Component (app router, no directive)', files: next({ 'app/page.tsx': `export default async function Page() {\n  const r = await fetch('${API}', { headers: { Authorization: 'Bearer ' + process.env.WEBEX_TOKEN } });\n  const me = await r.json();\n  return <p>{me.displayName}</p>;\n}\n` }), target: 'app/page.tsx', want: QUIET },
      { name: "look-alike: a `'use server'` actions file that reads `window`-free server code", files: next({ 'app/actions.ts': `'use server';\nexport async function me() {\n  const r = await fetch('${API}', { headers: { Authorization: 'Bearer ' + process.env.WEBEX_TOKEN } });\n  return r.json();\n}\n` }), target: 'app/actions.ts', want: QUIET },
      {
        name: "look-alike: `getServerSideProps` in a page whose component reads `window`",
        files: next({ 'pages/index.jsx': `export async function getServerSideProps() {\n  const r = await fetch('${API}', { headers: { Authorization: 'Bearer ' + process.env.WEBEX_TOKEN } });\n  return { props: { me: await r.json() } };\n}\nexport default function Home({ me }) {\n  return <a onClick={() => window.alert(me.displayName)}>me</a>;\n}\n` }),
        target: 'pages/index.jsx',
        want: QUIET,
      },
      {
        name: "positive: the page component's own request, beside `getServerSideProps` (only the component's is reported)",
        files: next({ 'pages/index.jsx': `export async function getServerSideProps() {\n  const r = await fetch('${API}', { headers: { Authorization: 'Bearer ' + process.env.WEBEX_TOKEN } });\n  return { props: { me: await r.json() } };\n}\nexport default function Home({ me }) {\n  return <a onClick={() => fetch('${API}/x')}>{me.displayName}</a>;\n}\n` }),
        target: 'pages/index.jsx',
        want: CERTAIN,
      },
      { name: 'look-alike: `pages/_document.jsx` (rendered on the server only)', files: next({ 'pages/_document.jsx': `export default function Document() {\n  fetch('${API}');\n  return null;\n}\n` }), target: 'pages/_document.jsx', want: QUIET },
    ];
  })(),
  'Nuxt': ((): Cell[] => {
    const nuxt = (files: Record<string, string>): Record<string, string> => ({ 'package.json': spa({ nuxt: '3', vue: '3' }, {}, { dev: 'nuxt dev', build: 'nuxt build' }), ...files });
    return [
      { name: 'positive: a component', files: nuxt({ 'components/Me.vue': `<script setup>\nconst me = await $fetch('${API}');\nconst r = await fetch('${API}');\n</script>\n<template><p>me</p></template>\n` }), target: 'components/Me.vue', want: ['certain', 'certain'] }, // `$fetch` (ofetch, read since 26clients) and `fetch`: two browser requests
      { name: 'positive: a composable a component imports', files: nuxt({ 'composables/me.ts': client, 'components/Me.vue': "<script setup>\nimport { me } from '../composables/me';\nme('k');\n</script>\n" }), target: 'composables/me.ts', want: CERTAIN },
      { name: 'look-alike: a server route `server/api/me.ts`', files: nuxt({ 'server/api/me.ts': `export default defineEventHandler(async () => {\n  const r = await fetch('${API}', { headers: { Authorization: 'Bearer ' + process.env.WEBEX_TOKEN } });\n  return r.json();\n});\n` }), target: 'server/api/me.ts', want: QUIET },
    ];
  })(),
  'SvelteKit': ((): Cell[] => {
    const kit = (files: Record<string, string>): Record<string, string> => ({ 'package.json': spa({}, { '@sveltejs/kit': '2', svelte: '4', vite: '5' }, { dev: 'vite dev', build: 'vite build' }), ...files });
    const load = `export async function load() {\n  const r = await fetch('${API}', { headers: { Authorization: 'Bearer ' + process.env.WEBEX_TOKEN } });\n  return { me: await r.json() };\n}\n`;
    return [
      { name: 'look-alike: `+page.server.ts`', files: kit({ 'src/routes/+page.server.ts': load }), target: 'src/routes/+page.server.ts', want: QUIET },
      { name: 'look-alike: `+server.ts`', files: kit({ 'src/routes/api/me/+server.ts': `export async function GET() {\n  return fetch('${API}', { headers: { Authorization: 'Bearer ' + process.env.WEBEX_TOKEN } });\n}\n` }), target: 'src/routes/api/me/+server.ts', want: QUIET },
      { name: 'positive: `+page.svelte`', files: kit({ 'src/routes/+page.svelte': `<script>\n  const me = fetch('${API}').then((r) => r.json());\n</script>\n<p>me</p>\n` }), target: 'src/routes/+page.svelte', want: CERTAIN },
    ];
  })(),
  'Astro': ((): Cell[] => {
    const astro = (files: Record<string, string>): Record<string, string> => ({ 'package.json': spa({ astro: '4' }, {}, { dev: 'astro dev', build: 'astro build' }), ...files });
    const front = `---\nconst title = 'Me';\n---\n<html><body><h1>{title}</h1>\n`;
    const fetchMe = `fetch('${API}', { headers: { Authorization: 'Bearer ' + localStorage.getItem('t') } }).then((r) => r.json());`;
    return [
      { name: 'positive: a `<script>` of an Astro page (bundled for the browser)', files: astro({ 'src/pages/index.astro': `${front}<script>\n  ${fetchMe}\n</script>\n</body></html>\n` }), target: 'src/pages/index.astro', want: CERTAIN },
      { name: 'positive: a `<script is:inline>` of an Astro page', files: astro({ 'src/pages/index.astro': `${front}<script is:inline>\n  ${fetchMe}\n</script>\n</body></html>\n` }), target: 'src/pages/index.astro', want: CERTAIN },
      {
        name: 'look-alike: the same request in the frontmatter (server code)',
        files: astro({ 'src/pages/index.astro': `---\nconst me = await fetch('${API}', { headers: { Authorization: 'Bearer ' + import.meta.env.WEBEX_TOKEN } }).then((r) => r.json());\nconst tag = '<script>${fetchMe.replace(/'/g, '"')}</script>';\n---\n<html><body><h1>{me.displayName}</h1></body></html>\n` }),
        target: 'src/pages/index.astro',
        want: QUIET,
      },
    { name: 'look-alike: frontmatter runs on the server', files: { 'package.json': spa({ astro: '4' }, {}, { dev: 'astro dev' }), 'src/pages/index.astro': `---\nconst r = await fetch('${API}', { headers: { Authorization: 'Bearer ' + import.meta.env.WEBEX_TOKEN } });\nconst me = await r.json();\n---\n<p>{me.displayName}</p>\n` }, target: 'src/pages/index.astro', want: QUIET },
      { name: 'positive: a module an Astro `<script>` imports', files: astro({ 'src/lib/me.ts': client, 'src/pages/index.astro': `${front}<script>\n  import { me } from '../lib/me';\n  me('k');\n</script>\n</body></html>\n` }), target: 'src/lib/me.ts', want: CERTAIN },
      { name: 'look-alike: a module only the frontmatter imports (server code)', files: astro({ 'src/lib/me.ts': client, 'src/pages/index.astro': `---\nimport { me } from '../lib/me';\nconst data = await me(import.meta.env.WEBEX_TOKEN);\n---\n<html><body>{data.displayName}</body></html>\n` }), target: 'src/lib/me.ts', want: QUIET },
    ];
  })(),
  'Remix': ((): Cell[] => {
    const remix = (files: Record<string, string>): Record<string, string> => ({ 'package.json': spa({ '@remix-run/node': '2', '@remix-run/react': '2', react: '18', 'react-dom': '18' }, {}, { dev: 'remix vite:dev' }), ...files });
    return [
      {
        name: 'look-alike: a route `loader` (server) in a module whose component reads `window`',
        files: remix({ 'app/routes/_index.tsx': `export async function loader() {\n  const r = await fetch('${API}', { headers: { Authorization: 'Bearer ' + process.env.WEBEX_TOKEN } });\n  return r.json();\n}\nexport default function Index() {\n  return <a onClick={() => window.alert('hi')}>hi</a>;\n}\n` }),
        target: 'app/routes/_index.tsx',
        want: QUIET,
      },
      {
        name: "positive: the route component's own request (browser), beside a loader",
        files: remix({ 'app/routes/_index.tsx': `export async function loader() {\n  return null;\n}\nexport default function Index() {\n  return <a onClick={() => fetch('${API}', { headers: { Authorization: 'Bearer ' + window.localStorage.getItem('t') } })}>me</a>;\n}\n` }),
        target: 'app/routes/_index.tsx',
        want: CERTAIN,
      },
      {
        name: 'positive: a React Router data-router SPA (no Remix / framework mode): its `loader` runs in the browser',
        files: { 'package.json': spa({ react: '18', 'react-dom': '18', 'react-router-dom': '6' }, { vite: '5' }, { dev: 'vite' }), 'index.html': page('/src/main.jsx'), 'src/main.jsx': "import { loader } from './routes/me';\nloader();\n", 'src/routes/me.js': `export async function loader() {\n  const r = await fetch('${API}');\n  return r.json();\n}\n` },
        target: 'src/routes/me.js',
        want: CERTAIN,
      },
    ];
  })(),
  'Gatsby': ((): Cell[] => {
    const gatsby = (files: Record<string, string>): Record<string, string> => ({ 'package.json': spa({ gatsby: '5', react: '18', 'react-dom': '18' }, {}, { develop: 'gatsby develop', build: 'gatsby build' }), ...files });
    return [
      { name: 'positive: a component of `src/`', files: gatsby({ 'src/components/me.js': reactComponent, 'src/pages/index.js': "import Me from '../components/me';\nexport default function Home() { return <Me token=\"t\" />; }\n" }), target: 'src/components/me.js', want: CERTAIN },
      { name: 'look-alike: a Gatsby Function `src/api/me.js`', files: gatsby({ 'src/api/me.js': `export default async function handler(req, res) {\n  res.json(await (await fetch('${API}', { headers: { Authorization: 'Bearer ' + process.env.WEBEX_TOKEN } })).json());\n}\n` }), target: 'src/api/me.js', want: QUIET },
      { name: 'look-alike: `gatsby-node.js` (build time, Node)', files: gatsby({ 'gatsby-node.js': `exports.sourceNodes = async () => {\n  const r = await fetch('${API}', { headers: { Authorization: 'Bearer ' + process.env.WEBEX_TOKEN } });\n  return r.json();\n};\n` }), target: 'gatsby-node.js', want: QUIET },
    ];
  })(),
  'Electron': ((): Cell[] => {
    const main = (prefs: string): string => `const { app, BrowserWindow } = require('electron');\napp.whenReady().then(() => {\n  const w = new BrowserWindow({ webPreferences: { ${prefs} } });\n  w.loadFile('index.html');\n});\n`;
    const electron = (prefs: string, files: Record<string, string>): Record<string, string> => ({
      'package.json': pkg({ main: 'main.js', scripts: { start: 'electron .' }, devDependencies: { electron: '30' } }),
      'main.js': main(prefs),
      'index.html': '<!doctype html><script src="renderer.js"></script>\n',
      ...files,
    });
    return [
      { name: 'positive: the renderer (a page loaded from a file)', files: electron('contextIsolation: true', { 'renderer.js': client }), target: 'renderer.js', want: CERTAIN },
      { name: 'look-alike: the main process', files: electron('contextIsolation: true', { 'main.js': `${main('contextIsolation: true')}fetch('${API}');\n`, 'renderer.js': '' }), target: 'main.js', want: QUIET },
      { name: 'look-alike: the renderer of a window with `webSecurity: false`', files: electron('webSecurity: false', { 'renderer.js': client }), target: 'renderer.js', want: QUIET },
    ];
  })(),
  'browser extension': ((): Cell[] => {
    const manifest = (extra: Record<string, unknown>): string => JSON.stringify({ manifest_version: 3, name: 'me', version: '1', action: { default_popup: 'popup.html' }, ...extra });
    const popup = '<!doctype html><script src="popup.js"></script>\n';
    const pageScript = `document.querySelector('#me').addEventListener('click', async () => {\n  const r = await fetch('${API}', { headers: { Authorization: 'Bearer ' + localStorage.getItem('t') } });\n  document.body.textContent = (await r.json()).displayName;\n});\n`;
    return [
      { name: 'look-alike: MV3 popup with `host_permissions` for the API (no CORS for the extension)', files: { 'manifest.json': manifest({ host_permissions: ['https://webexapis.com/*'] }), 'popup.html': popup, 'popup.js': pageScript }, target: 'popup.js', want: QUIET },
      { name: 'look-alike: MV3 background service worker with `<all_urls>`', files: { 'manifest.json': manifest({ background: { service_worker: 'background.js' }, host_permissions: ['<all_urls>'] }), 'popup.html': popup, 'popup.js': '', 'background.js': `chrome.runtime.onMessage.addListener(async () => {\n  const r = await fetch('${API}');\n  return r.json();\n});\n` }, target: 'background.js', want: QUIET },
      { name: 'look-alike: MV2 background page with the API in `permissions`', files: { 'manifest.json': JSON.stringify({ manifest_version: 2, name: 'me', version: '1', background: { page: 'background.html' }, permissions: ['storage', 'https://webexapis.com/'] }), 'background.html': '<!doctype html><script src="bg.js"></script>\n', 'bg.js': pageScript }, target: 'bg.js', want: QUIET },
      { name: 'look-alike: a content script on HTTPS pages (the page\'s origin)', files: { 'manifest.json': manifest({ content_scripts: [{ matches: ['https://*.example.com/*'], js: ['content.js'] }] }), 'popup.html': popup, 'popup.js': '', 'content.js': pageScript }, target: 'content.js', want: QUIET },
      { name: 'positive: a content script on a local page (its origin is localhost)', files: { 'manifest.json': manifest({ content_scripts: [{ matches: ['http://localhost:3000/*'], js: ['content.js'] }], host_permissions: ['https://webexapis.com/*'] }), 'popup.html': popup, 'popup.js': '', 'content.js': pageScript }, target: 'content.js', want: CERTAIN },
      { name: 'positive: a host permission for another host does not exempt the API', files: { 'manifest.json': manifest({ host_permissions: ['https://api.example.com/*'] }), 'popup.html': popup, 'popup.js': pageScript }, target: 'popup.js', want: CERTAIN },
      { name: 'positive: a popup with no host permission (its `chrome-extension:` origin is not HTTPS)', files: { 'manifest.json': manifest({ permissions: ['storage'] }), 'popup.html': popup, 'popup.js': pageScript }, target: 'popup.js', want: CERTAIN },
    ];
  })(),
  'web and service workers': ((): Cell[] => {
    const worker = `self.onmessage = async (e) => {\n  const r = await fetch('${API}', { headers: { Authorization: 'Bearer ' + e.data } });\n  self.postMessage(await r.json());\n};\n`;
    return [
      { name: 'positive: a worker a page script starts (`new Worker(...)`)', files: { 'index.html': '<!doctype html><script src="main.js"></script>\n', 'main.js': "const w = new Worker('worker.js');\nw.postMessage(localStorage.getItem('t'));\n", 'worker.js': worker }, target: 'worker.js', want: CERTAIN },
      { name: 'positive: a module worker (`new Worker(new URL(..., import.meta.url))`) of a Vite app', files: { 'package.json': spa({ react: '18', 'react-dom': '18' }, { vite: '5' }, { dev: 'vite' }), 'index.html': page('/src/main.js'), 'src/main.js': "const w = new Worker(new URL('./me.worker.js', import.meta.url), { type: 'module' });\nw.postMessage('t');\n", 'src/me.worker.js': worker }, target: 'src/me.worker.js', want: CERTAIN },
      { name: 'positive: a service worker a page registers', files: { 'index.html': '<!doctype html><script src="main.js"></script>\n', 'main.js': "navigator.serviceWorker.register('/sw.js');\n", 'sw.js': `self.addEventListener('sync', () => fetch('${API}'));\n` }, target: 'sw.js', want: CERTAIN },
      { name: 'look-alike: a worker started by a script that is not browser code (no page, no browser global)', files: { 'main.js': "const w = new Worker('worker.js');\nw.postMessage('t');\n", 'worker.js': worker }, target: 'worker.js', want: QUIET },
      { name: 'look-alike: a Node `worker_threads` worker', files: { 'index.js': "const { Worker } = require('worker_threads');\nnew Worker('./worker.js');\n", 'worker.js': `const { parentPort } = require('worker_threads');\nparentPort.on('message', async () => parentPort.postMessage(await (await fetch('${API}')).json()));\n` }, target: 'worker.js', want: QUIET },
    ];
  })(),
  'React Native / Expo (not a browser)': [
    { name: 'look-alike: React Native app that reads `navigator`', files: { 'package.json': spa({ react: '18', 'react-native': '0.74' }, {}, { start: 'react-native start' }), 'App.js': `export async function me(t) {\n  navigator.geolocation.getCurrentPosition(() => {});\n  const r = await fetch('${API}', { headers: { Authorization: 'Bearer ' + t } });\n  return r.json();\n}\n` }, target: 'App.js', want: QUIET },
    { name: 'look-alike: Expo app module in `src/`', files: { 'package.json': spa({ expo: '51', react: '18', 'react-native': '0.74' }, {}, { start: 'expo start' }), 'src/api.js': `export async function me(t) {\n  if (navigator.product === 'ReactNative') console.log('native');\n  const r = await fetch('${API}', { headers: { Authorization: 'Bearer ' + t } });\n  return r.json();\n}\n` }, target: 'src/api.js', want: QUIET },
  ],
  'React Native Web (a web build of the same code)': [
    { name: 'positive: an Expo app with `react-native-web` and a web script reads `navigator`', files: { 'package.json': spa({ expo: '51', react: '18', 'react-dom': '18', 'react-native': '0.74', 'react-native-web': '0.19' }, {}, { start: 'expo start', web: 'expo start --web' }), 'App.js': `export async function me(t) {\n  navigator.clipboard.writeText(t);\n  const r = await fetch('${API}', { headers: { Authorization: 'Bearer ' + t } });\n  return r.json();\n}\n` }, target: 'App.js', want: CERTAIN },
  ],
  'Node programs, servers and serverless functions': ((): Cell[] => {
    const server = (dep: string, code: string): Record<string, string> => ({ 'package.json': pkg({ main: 'server.js', scripts: { start: 'node server.js' }, dependencies: { [dep]: '1' } }), 'public/index.html': '<!doctype html><p>hi</p>\n', 'server.js': code });
    const call = `await fetch('${API}', { headers: { Authorization: 'Bearer ' + process.env.WEBEX_TOKEN } })`;
    return [
      { name: 'look-alike: a Node CLI (`bin`)', files: { 'package.json': pkg({ bin: { me: 'cli.js' } }), 'cli.js': `#!/usr/bin/env node\n(async () => console.log(${call}))();\n` }, target: 'cli.js', want: QUIET },
      { name: 'look-alike: an Express server beside its static pages', files: server('express', `const express = require('express');\nconst app = express();\napp.use(express.static('public'));\napp.get('/me', async (req, res) => res.json(await (${call}).json()));\napp.listen(3000);\n`), target: 'server.js', want: QUIET },
      { name: 'look-alike: a Koa server', files: server('koa', `const Koa = require('koa');\nconst app = new Koa();\napp.use(async (ctx) => { ctx.body = await (${call}).json(); });\napp.listen(3000);\n`), target: 'server.js', want: QUIET },
      { name: 'look-alike: a Fastify server', files: server('fastify', `const fastify = require('fastify')();\nfastify.get('/me', async () => (${call}).json());\nfastify.listen({ port: 3000 });\n`), target: 'server.js', want: QUIET },
      { name: 'look-alike: an AWS Lambda handler', files: { 'package.json': pkg({}), 'handler.js': `exports.handler = async () => ({ statusCode: 200, body: await (${call}).text() });\n` }, target: 'handler.js', want: QUIET },
      { name: 'look-alike: a Cloudflare Worker', files: { 'package.json': pkg({ scripts: { dev: 'wrangler dev' }, devDependencies: { wrangler: '3' } }), 'wrangler.toml': 'name = "me"\nmain = "src/index.js"\n', 'src/index.js': `export default {\n  async fetch(request, env) {\n    return fetch('${API}', { headers: { Authorization: 'Bearer ' + env.WEBEX_TOKEN } });\n  },\n};\n` }, target: 'src/index.js', want: QUIET },
      { name: 'look-alike: a Vercel function `api/` beside a Vite React app', files: { 'package.json': spa({ react: '18', 'react-dom': '18' }, { vite: '5' }, { dev: 'vite' }), 'index.html': page('/src/main.jsx'), 'src/main.jsx': "fetch('/api/me');\n", 'api/me.js': `export default async function handler(req, res) {\n  res.json(await (${call}).json());\n}\n` }, target: 'api/me.js', want: QUIET },
      { name: 'look-alike: a Netlify function', files: { 'package.json': spa({ react: '18', 'react-dom': '18' }, { vite: '5' }, { dev: 'vite' }), 'netlify/functions/me.js': `export default async () => new Response(await (${call}).text());\n` }, target: 'netlify/functions/me.js', want: QUIET },
      { name: 'look-alike: an Azure Functions function', files: { 'host.json': '{ "version": "2.0" }\n', 'Me/function.json': '{ "bindings": [] }\n', 'Me/index.js': `module.exports = async function (context) {\n  context.res = { body: await (${call}).json() };\n};\n` }, target: 'Me/index.js', want: QUIET },
      { name: 'look-alike: a Deno server', files: { 'deno.json': '{ "tasks": { "start": "deno run -A main.ts" } }\n', 'main.ts': `Deno.serve(async () => fetch('${API}', { headers: { Authorization: 'Bearer ' + Deno.env.get('WEBEX_TOKEN') } }));\n` }, target: 'main.ts', want: QUIET },
    ];
  })(),
  'Node-RED / n8n nodes': ((): Cell[] => {
    const nodeRed = (files: Record<string, string>): Record<string, string> => ({ 'package.json': pkg({ 'node-red': { nodes: { webex: 'webex.js' } } }), ...files });
    return [
      { name: 'look-alike: the runtime `.js` (Node)', files: nodeRed({ 'webex.js': `module.exports = function (RED) {\n  function Webex(config) {\n    RED.nodes.createNode(this, config);\n    this.on('input', async (msg) => { msg.payload = await (await fetch('${API}', { headers: { Authorization: 'Bearer ' + this.credentials.token } })).json(); this.send(msg); });\n  }\n  RED.nodes.registerType('webex', Webex);\n};\n` }), target: 'webex.js', want: QUIET },
      { name: "positive: the editor `.html` (a page of Node-RED's editor)", files: nodeRed({ 'webex.js': 'module.exports = function () {};\n', 'webex.html': `<script type="text/javascript">\n  RED.nodes.registerType('webex', { oneditprepare: function () { fetch('${API}').then(function (r) { return r.json(); }); } });\n</script>\n` }), target: 'webex.html', want: CERTAIN },
      { name: 'look-alike: an n8n node', files: { 'package.json': pkg({ n8n: { nodes: ['dist/nodes/Webex/Webex.node.js'] }, devDependencies: { 'n8n-workflow': '1' } }), 'nodes/Webex/Webex.node.ts': `export class Webex {\n  async execute() {\n    const r = await fetch('${API}');\n    return [[{ json: await r.json() }]];\n  }\n}\n` }, target: 'nodes/Webex/Webex.node.ts', want: QUIET },
    ];
  })(),
  'library packages': [
    { name: 'positive (likely): a `browser` field, its pages are its users\'', files: { 'package.json': pkg({ main: 'src/index.js', browser: 'src/index.js' }), 'src/index.js': client }, target: 'src/index.js', want: LIKELY },
    { name: 'positive (likely): a jQuery plugin (jQuery needs a page; its page is not in the repository)', files: { 'package.json': pkg({ main: 'jquery.webex.js', peerDependencies: { jquery: '3' } }), 'jquery.webex.js': `(function ($) {\n  $.fn.webexMe = function (token) {\n    return $.ajax({ url: '${API}', headers: { Authorization: 'Bearer ' + token } });\n  };\n})(jQuery);\n` }, target: 'jquery.webex.js', want: LIKELY },
    { name: 'look-alike: a plugin-shaped wrapper given another library as `$` (not jQuery)', files: { 'package.json': pkg({ main: 'webex.js' }), 'webex.js': `(function ($) {\n  module.exports = function (token) {\n    return $.ajax({ url: '${API}', headers: { Authorization: 'Bearer ' + token } });\n  };\n})(require('najax'));\n` }, target: 'webex.js', want: QUIET },
    { name: 'look-alike: a library with no `browser` field', files: { 'package.json': pkg({ main: 'src/index.js' }), 'src/index.js': client }, target: 'src/index.js', want: QUIET },
  ],
  'userscripts and bookmarklets': ((): Cell[] => {
    const userscript = (match: string): string => `// ==UserScript==\n// @name     Me\n// @match    ${match}\n// @grant    none\n// ==/UserScript==\n(async () => {\n  const r = await fetch('${API}', { headers: { Authorization: 'Bearer ' + localStorage.getItem('t') } });\n  document.title = (await r.json()).displayName;\n})();\n`;
    return [
      { name: 'look-alike: a userscript on HTTPS pages (it runs at their origin)', files: { 'me.user.js': userscript('https://mail.example.com/*') }, target: 'me.user.js', want: QUIET },
      { name: 'positive: a userscript on a local page', files: { 'me.user.js': userscript('http://localhost:8080/*') }, target: 'me.user.js', want: CERTAIN },
      { name: 'positive (likely): a userscript on pages of any scheme', files: { 'me.user.js': userscript('*://*.example.com/*') }, target: 'me.user.js', want: LIKELY },
      { name: 'positive (likely): a bookmarklet source (runs on whatever page is open)', files: { 'bookmarklet.js': `(function () {\n  fetch('${API}', { headers: { Authorization: 'Bearer ' + prompt('token') } }).then(function (r) { return r.json(); }).then(function (me) { document.title = me.displayName; });\n})();\n` }, target: 'bookmarklet.js', want: LIKELY },
    ];
  })(),
};

describe('context matrix: where code runs and where its page is served (cors-localhost-origins)', () => {
  for (const [layout, cells] of Object.entries(matrix)) {
    describe(layout, () => {
      for (const cell of cells) it(cell.name, () => expect(scan(cell.files, cell.target)).toEqual(cell.want));
    });
  }
});

describe('context reading on hostile text', () => {
  it('a module opening with many comments and blank lines does not make the directive check backtrack (a child process, killed after 20 s)', () => {
    // The first form of the `'use client'` check was a regular expression with nested repetition: a file of a
    // package opening with comment lines separated by blank lines (a licence header) hung the scan of a real repository.
    const header = '// line\n\n\n'.repeat(60);
    const files = { 'package.json': spa({ react: '18', 'react-dom': '18' }, { vite: '5' }, { dev: 'vite' }), 'index.html': page('/src/main.js'), 'src/main.js': `${header}import { me } from './api.js';\nme('k');\n`, 'src/api.js': client };
    const root = project(files);
    const analyzeJs = pathToFileURL(path.join(ROOT, 'dist', 'engine', 'analyze.js')).href;
    const catalogJs = pathToFileURL(path.join(ROOT, 'dist', 'engine', 'catalog', 'catalog.js')).href;
    const target = path.join(root, 'src', 'api.js');
    const script = `const { analyzeFile } = await import(${JSON.stringify(analyzeJs)}); const { loadCatalog } = await import(${JSON.stringify(catalogJs)}); const catalog = loadCatalog(); const r = analyzeFile({ filename: ${JSON.stringify(target)}, text: ${JSON.stringify(client)} }, { catalog, notices: catalog.notices.filter((n) => n.id === 'cors-localhost-origins'), engine: { today: '2026-11-27' } }); console.log(r.matches.map((m) => m.confidence).join(','));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
    expect(r.signal).toBeNull();
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe('certain');
  });

  // Each of these made a regular expression scan to the end of a line from every start on it (15 s at 400 KB, minutes
  // at the 1 MB a file is read up to): a page address in a README, a plain-HTTP redirect check, a redirect URI's names.
  for (const [what, file, text] of [
    ['a README holding `https://a/` 100,000 times (the page addresses it writes)', 'README.md', 'https://a/'.repeat(100_000)],
    ['a script holding `redirect_uri` 80,000 times without a space (the plain-HTTP redirect check)', 'js/login.js', 'redirect_uri'.repeat(80_000)],
    ['a script sending 50,000 redirect URIs by name (the literals assigned to each name)', 'js/login.js', "redirect_uri=' + v\n".repeat(50_000)],
  ] as const) {
    it(`${what} does not make the serving-origin reading backtrack (a child process, killed after 20 s)`, () => {
      const rooms = "function rooms(token) {\n  $.ajax({ url: 'https://webexapis.com/v1/rooms', headers: { Authorization: 'Bearer ' + token }, method: 'POST', data: JSON.stringify({ title: 'x' }) });\n}\n";
      const files: Record<string, string> = { 'index.html': '<html><body><script src="js/login.js"></script><script src="js/rooms.js"></script></body></html>\n', 'js/login.js': 'var a;\n', 'js/rooms.js': rooms, [file]: text };
      const root = project(files);
      const analyzeJs = pathToFileURL(path.join(ROOT, 'dist', 'engine', 'analyze.js')).href;
      const catalogJs = pathToFileURL(path.join(ROOT, 'dist', 'engine', 'catalog', 'catalog.js')).href;
      const script = `const { analyzeFile } = await import(${JSON.stringify(analyzeJs)}); const { loadCatalog } = await import(${JSON.stringify(catalogJs)}); const catalog = loadCatalog(); const r = analyzeFile({ filename: ${JSON.stringify(path.join(root, 'js', 'rooms.js'))}, text: ${JSON.stringify(rooms)} }, { catalog, notices: catalog.notices.filter((n) => n.id === 'cors-localhost-origins'), engine: { today: '2026-11-28' } }); console.log(r.matches.map((m) => m.loc.start.line).join(','));`;
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
      expect(r.signal).toBeNull();
      expect(r.status, r.stderr).toBe(0);
      // No HTTPS origin named: the browser call to the API stays reported.
      expect(r.stdout.trim()).toBe('2');
    });
  }
});
