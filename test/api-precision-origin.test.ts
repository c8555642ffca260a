/**
 * Issue 26 (precision on code the tool was not shaped on, fourteenth session): where a browser module's page is
 * served decides `cors-localhost-origins`, read from the facts a reviewer reads (engine/project/context.ts
 * `servingOrigin`, `unloadedModule`, `holdsPages`). Synthesized projects: each look-alike beside the platform's case
 * that stays reported.
 */
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import type { Match } from '../engine/types.js';
import path from 'node:path';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-27' } });
const summary = (m: Match): string => `${m.noticeId} ${m.loc.start.line} ${m.confidence}`;
const project = tempProjects('cm-precision-origin-');
const scan = (files: Record<string, string>, rel: string): Match[] => analyzeFile({ filename: path.join(project(files), rel), text: files[rel] }, only('cors-localhost-origins')).matches;
const found = (files: Record<string, string>, rel: string): string[] => scan(files, rel).map(summary);

const client = `export async function me(key) {
  const r = await fetch('https://webexapis.com/v1/people/me', { headers: { Authorization: 'Bearer ' + key } });
  return r.json();
}
`;

describe('a module of a bundled web app that nothing imports is in no page', () => {
  // A static SvelteKit app (its source tree is browser code by its package) whose only import of the client is commented out.
  const svelteKit = (component: string, extra: Record<string, string> = {}): Record<string, string> => ({
    'package.json': JSON.stringify({ name: 'kiosk', scripts: { dev: 'vite dev', build: 'vite build' }, devDependencies: { '@sveltejs/kit': '1', '@sveltejs/adapter-static': '1', svelte: '3', vite: '4' } }),
    'src/lib/webex.ts': client,
    'src/components/Item.svelte': component,
    'src/routes/+page.svelte': '<script>\n  import Item from "../components/Item.svelte";\n</script>\n<Item />\n',
    ...extra,
  });
  it('look-alike: imported only in a comment', () => {
    const component = "<script>\n  //import { me } from '../lib/webex';\n  export let name = '';\n</script>\n<p>{name}</p>\n";
    expect(found(svelteKit(component), 'src/lib/webex.ts')).toEqual([]);
  });
  it('look-alike: imported by nothing at all', () => {
    expect(found(svelteKit('<p>hello</p>\n'), 'src/lib/webex.ts')).toEqual([]);
  });
  it('positive: a component imports it in code (directly, or by the `$lib` alias)', () => {
    const direct = "<script>\n  import { me } from '../lib/webex';\n  me('k');\n</script>\n";
    expect(found(svelteKit(direct), 'src/lib/webex.ts')).toEqual(['cors-localhost-origins 2 certain']);
    const alias = "<script>\n  import { me } from '$lib/webex';\n  me('k');\n</script>\n";
    expect(found(svelteKit(alias), 'src/lib/webex.ts')).toEqual(['cors-localhost-origins 2 certain']);
  });
  it('positive: imports by pattern (`import.meta.glob`) leave the graph unknown, so it stays reported', () => {
    const globbing = "<script>\n  const mods = import.meta.glob('../lib/*.ts');\n</script>\n";
    expect(found(svelteKit(globbing), 'src/lib/webex.ts')).toEqual(['cors-localhost-origins 2 certain']);
  });
  it('positive: an entry by convention (a route module) or a file a bundler configuration names', () => {
    const files = svelteKit('<p>x</p>\n', { 'src/routes/+page.ts': client });
    expect(found(files, 'src/routes/+page.ts')).toEqual(['cors-localhost-origins 2 certain']);
    const cra = {
      'package.json': JSON.stringify({ name: 'app', scripts: { start: 'webpack serve' }, dependencies: { react: '18', 'react-dom': '18' } }),
      'webpack.config.js': "module.exports = { entry: './src/widget.js' };\n",
      'src/widget.js': client,
    };
    expect(found(cra, 'src/widget.js')).toEqual(['cors-localhost-origins 2 certain']);
  });
});

describe('where the page is served: an HTTPS production origin and nothing serving it locally', () => {
  const app = (pkg: Record<string, unknown>, extra: Record<string, string> = {}): Record<string, string> => ({
    'package.json': JSON.stringify({ name: 'tool', dependencies: { react: '18', 'react-dom': '18' }, devDependencies: { vite: '5' }, ...pkg }),
    'index.html': '<!doctype html><script type="module" src="/src/main.js"></script>\n',
    'src/main.js': "import { me } from './api.js';\nme(localStorage.getItem('key'));\n",
    'src/api.js': client,
    ...extra,
  });
  it('look-alikes: a Netlify or Vercel configuration, a `homepage` on GitHub Pages, a README address on a static host, with only build and deploy scripts', () => {
    const build = { scripts: { build: 'vite build', deploy: 'gh-pages -d dist', test: 'vitest' } };
    expect(found(app(build, { 'netlify.toml': '[build]\n  command = "npm run build"\n' }), 'src/api.js')).toEqual([]);
    expect(found(app(build, { 'vercel.json': '{}\n' }), 'src/api.js')).toEqual([]);
    expect(found(app({ ...build, homepage: 'https://someone.github.io/tool' }), 'src/api.js')).toEqual([]);
    expect(found(app(build, { 'README.md': '# Tool\n\nLive at https://tool.netlify.app\n' }), 'src/api.js')).toEqual([]);
  });
  it('positive: the same app with a dev server script, or a README that runs it on localhost, is run from this machine too', () => {
    const dev = { scripts: { dev: 'vite', build: 'vite build' } };
    expect(found(app(dev, { 'netlify.toml': '[build]\n' }), 'src/api.js')).toEqual(['cors-localhost-origins 2 certain']);
    const readme = '# Tool\n\nLive at https://tool.netlify.app\n\nDevelop with `npx vite` at http://localhost:5173\n';
    expect(found(app({ scripts: { build: 'vite build' } }, { 'README.md': readme }), 'src/api.js')).toEqual(['cors-localhost-origins 2 certain']);
  });
  it('positive: a `homepage` on the code host is the repository, not where the page is served', () => {
    expect(found(app({ scripts: { build: 'vite build' }, homepage: 'https://github.com/someone/tool#readme' }), 'src/api.js')).toEqual(['cors-localhost-origins 2 certain']);
  });
  it('an app of the repository with no production origin is certain; a lone script with nothing said is likely', () => {
    expect(found(app({ scripts: { build: 'vite build' } }), 'src/api.js')).toEqual(['cors-localhost-origins 2 certain']);
    const lone = { 'extension/content.js': `${client}document.body.dataset.ready = '1';\n` };
    expect(found(lone, 'extension/content.js')).toEqual(['cors-localhost-origins 2 likely']);
    const [m] = scan(lone, 'extension/content.js');
    expect(m.confidenceReason).toMatch(/nothing in the repository says where its page is served/);
  });
});
