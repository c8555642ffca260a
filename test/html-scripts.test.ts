/**
 * Inline scripts of markup (issue 26, shape 7): the blocks engine/read/script-blocks.ts finds in HTML pages and
 * Vue/Svelte components, the engine's findings at the markup file's line and column, a block that does not parse
 * reported, the ESLint processor `collab-migrate/html` giving the CLI's findings and fixes, and the CLI's report.
 * Fix pairs and look-alike pages are fixtures (test/fixtures/get-request-content-type/html-page.*, vue-component.*;
 * cors-localhost-origins/invalid/*.html|svelte, valid/markup-look-alikes.html).
 */
import { ESLint, Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeFile, markupSafeFixes } from '../engine/analyze.js';
import { FileContext } from '../engine/parse/file-context.js';
import { parseSource } from '../engine/parse/parse.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { checkSyntax, fixFile } from '../engine/fix/edits.js';
import { fileLanguage } from '../engine/read/language.js';
import { blankOutside, markupValues, MAX_SEPARATE_BLOCKS, scriptBlocks, scriptGroups } from '../engine/read/script-blocks.js';
import plugin, { PLUGIN_NAME } from '../rules/index.js';
import { projectOf } from '../engine/project/modules.js';
import { CROSS_FILE_CASES } from './helpers/cross-file.js';
import { assertBuilt, cli, cliInProcess, tempTrees } from './cli/run.js';

const catalog = loadCatalog();
const notices = catalog.notices.filter((n) => n.status !== 'informational' && n.detections.length > 0);
const only = (id: string) => [catalog.get(id)!];
const contents = (text: string, filename = 'page.html'): string[] => scriptBlocks(text, filename).map((b) => text.slice(b.start, b.end));

const CONTENT_TYPE_GET = "fetch('https://webexapis.com/v1/rooms', { headers: { 'Content-Type': 'application/json' } })";

describe('script blocks of markup', () => {
  it('finds inline classic and module scripts, in any case, with quoted `>` in attributes', () => {
    const page = `<script>a()</script><SCRIPT TYPE="text/javascript">b()</SCRIPT ><script type=module data-x="a>b">c()</script\n>`;
    expect(contents(page)).toEqual(['a()', 'b()', 'c()']);
    expect(scriptBlocks(page, 'page.html').map((b) => b.module)).toEqual([false, false, true]);
  });

  it('skips scripts that load a file, data and template types, and tags in comments and raw-text elements', () => {
    const page = [
      '<script src="app.js"></script>',
      '<script type="application/ld+json">{"a":1}</script>',
      '<script type="importmap">{"imports":{}}</script>',
      '<script type="text/template"><p>${x}</p></script>',
      '<!-- <script>commented()</script> -->',
      '<textarea><script>typed()</script></textarea>',
      '<title><script>t()</script></title>',
      '<style>a::after { content: "<script>s()</script>" }</style>',
      '<script>real()</script>',
    ].join('\n');
    expect(contents(page)).toEqual(['real()']);
  });

  it('ends a block at the first `</script` (the HTML rule), and an unclosed block at the end of the text', () => {
    expect(contents('<script>const s = "</script>"; x()</script>')).toEqual(['const s = "']);
    expect(contents('<p>x</p><script>open()')).toEqual(['open()']);
  });

  it('reads a component\'s `lang` and makes its blocks one module; an HTML page\'s blocks stay apart', () => {
    const vue = `<template><p>{{ a < b }}</p></template>\n<script>export default {}</script><script setup lang="ts">const n: number = 1</script>`;
    expect(scriptBlocks(vue, 'C.vue').map((b) => [b.lang, b.module])).toEqual([['js', true], ['ts', true]]);
    const groups = scriptGroups(vue, 'C.vue');
    expect(groups).toHaveLength(1);
    expect(groups[0].parseName).toBe('C.vue.ts');
    expect(checkSyntax('C.vue', vue)).toBeUndefined();
    expect(scriptGroups('<script>a()</script><script>b()</script>', 'p.html')).toHaveLength(2);
    // A coffee or pug block is not JavaScript.
    expect(scriptBlocks('<script lang="coffee">a = 1</script>', 'C.vue')).toEqual([]);
  });

  it('blanks everything outside the blocks, keeping length and line breaks', () => {
    const text = '<p>\r\n</p><script>x()</script>\n<b>';
    const blanked = blankOutside(text, [[text.indexOf('x'), text.indexOf('</script')]]);
    expect(blanked.length).toBe(text.length);
    expect(blanked).toBe('   \r\n            x()         \n   ');
  });

  it('markup files are a language of their own; other names are not', () => {
    expect(['a.html', 'b.HTM', 'c.vue', 'd.svelte'].map(fileLanguage)).toEqual(['html', 'html', 'html', 'html']);
    expect(fileLanguage('e.xhtml.txt')).toBe('unsupported');
  });
});

describe('the engine on markup', () => {
  const page = `<!doctype html>\n<body>\n  <p>${CONTENT_TYPE_GET}</p>\n  <script>\n    ${CONTENT_TYPE_GET};\n  </script>\n</body>\n`;

  it('reports a finding at the line and column of the page, not of the block, and only in the script', () => {
    const result = analyzeFile({ filename: 'page.html', text: page }, { catalog, notices: only('get-request-content-type') });
    expect(result.language).toBe('html');
    expect(result.parseError).toBeUndefined();
    const line = page.split('\n')[4];
    expect(result.matches.map((m) => `${m.loc.start.line}:${m.loc.start.column}`)).toEqual([`5:${line.indexOf("'Content-Type'")}`]);
    expect(page.slice(result.matches[0].range[0], result.matches[0].range[1])).toBe("'Content-Type': 'application/json'");
  });

  it('a page without a script block, or whose scripts hold nothing, is not parsed', () => {
    expect(analyzeFile({ filename: 'page.html', text: `<p>${CONTENT_TYPE_GET}</p>` }, { catalog, notices }).parsed).toBe(false);
    expect(analyzeFile({ filename: 'page.html', text: `<p>${CONTENT_TYPE_GET}</p><script>let a = 1;</script>` }, { catalog, notices }).matches).toEqual([]);
  });

  it('a block that does not parse makes the file unanalysed (its line in the page); the other blocks are still read', () => {
    const broken = `<html>\n<script>\n  fetch('https://webexapis.com/v1/rooms', { headers: { 'Content-Type': 'text/plain' } ;\n</script>\n<script>\n  ${CONTENT_TYPE_GET};\n</script>\n`;
    const result = analyzeFile({ filename: 'broken.html', text: broken }, { catalog, notices: only('get-request-content-type') });
    expect(result.parseError?.line).toBe(3);
    expect(result.parseError?.message).toMatch(/^script block at line 3: /);
    expect(result.matches.map((m) => m.loc.start.line)).toEqual([6]);
    expect(checkSyntax('broken.html', broken)).toMatch(/^script block: /);
    // Nothing is fixed in a file with a block that does not parse.
    expect(fixFile({ filename: 'broken.html', text: broken }, { catalog, notices: only('get-request-content-type') }).changed).toBe(false);
  });

  it('a fix is made inside the block only, and a page with a byte order mark and CRLF keeps both', () => {
    const crlf = `\uFEFF<p>${CONTENT_TYPE_GET}</p>\r\n<script>\r\n${CONTENT_TYPE_GET};\r\n</script>\r\n`;
    const fixed = fixFile({ filename: 'page.html', text: crlf }, { catalog, notices: only('get-request-content-type') });
    expect(fixed.failure).toBeUndefined();
    expect(fixed.output).toBe(`\uFEFF<p>${CONTENT_TYPE_GET}</p>\r\n<script>\r\nfetch('https://webexapis.com/v1/rooms', { headers: {} });\r\n</script>\r\n`);
  });

  it('a Vue component is browser code: its direct API call is reported by cors-localhost-origins', () => {
    const vue = `<script setup>\nconst r = await fetch('https://webexapis.com/v1/people/me');\n</script>\n<template><p/></template>\n`;
    expect(analyzeFile({ filename: 'Me.vue', text: vue }, { catalog, notices: only('cors-localhost-origins') }).matches.map((m) => m.loc.start.line)).toEqual([2]);
    // The same call in a .js file with no browser evidence is not.
    expect(analyzeFile({ filename: 'me.js', text: vue.split('\n')[1] }, { catalog, notices: only('cors-localhost-origins') }).matches).toEqual([]);
  });

  describe('an HTML page whose own OAuth redirect_uri names it at an HTTPS origin', () => {
    const page = (redirect: string): string =>
      `<a href="https://webexapis.com/v1/authorize?client_id=X&response_type=code&redirect_uri=${redirect}&state=s">Sign in</a>\n<script>\n$.ajax({ type: 'POST', url: 'https://webexapis.com/v1/access_token?grant_type=authorization_code&redirect_uri=${redirect}&code=' + code });\n</script>\n`;
    const lines = (text: string, filename = 'pardot.html'): number[] =>
      analyzeFile({ filename, text }, { catalog, notices: only('cors-localhost-origins') }).matches.map((m) => m.loc.start.line);
    it('look-alike: the page runs at that origin, which keeps its CORS headers (percent-encoded or not)', () => {
      expect(lines(page('https%3A%2F%2Fexample.org%2Fpardot.html'))).toEqual([]);
      expect(lines(page('https://example.org/app/pardot.html'))).toEqual([]);
    });
    it('a redirect_uri on localhost, on plain HTTP, or naming another page says nothing about this page: reported', () => {
      expect(lines(page('http%3A%2F%2Flocalhost%3A8080%2Fpardot.html'))).toEqual([3]);
      expect(lines(page('https://localhost:8443/pardot.html'))).toEqual([3]);
      expect(lines(page('http://example.org/pardot.html'))).toEqual([3]);
      expect(lines(page('https://example.org/callback.html'))).toEqual([3]);
      expect(lines(page('https://example.org/pardot.html'), 'other.html')).toEqual([3]);
    });
  });
});

/** The parsed markup group (attribute values) of a page, as the engine reads it. */
function contextOf(text: string): FileContext {
  const group = scriptGroups(text, 'page.html').find((g) => g.markup)!;
  const parsed = parseSource(group.text, group.parseName);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return new FileContext('page.html', group.text, parsed.ast);
}

describe('URLs in the markup\'s attributes', () => {
  const values = (text: string, filename = 'page.html'): string[] => markupValues(text, filename).map(([a, b]) => text.slice(a, b));

  it('keeps the quoted values of URL attributes, of `data-*` and URL-named attributes holding an absolute URL, and bound string literals', () => {
    const page = [
      '<a href="/v1/rooms" title="https://webexapis.com/v1/x">',
      `<form action='https://webexapis.com/v1/access_token'><button formaction="/v1/b">`,
      '<div data-api="https://webexapis.com/v1/people" data-name="https://x" data-flag="on" redirect-uri="https://app/cb" authUrl="/relative"></div>',
      '<img src="logo.png" alt="https://webexapis.com">',
    ].join('\n');
    expect(values(page)).toEqual(['"/v1/rooms"', "'https://webexapis.com/v1/access_token'", '"/v1/b"', '"https://webexapis.com/v1/people"', '"https://x"', '"https://app/cb"', '"logo.png"']);
    const vue = `<template><a :href="'https://webexapis.com/v1/a'" v-bind:src=" \`/v1/b\` " :href2="x + 'y'" [href]="'/v1/c'" :to="\`/v1/\${id}\`"></a></template>`;
    expect(values(vue, 'C.vue')).toEqual(["'https://webexapis.com/v1/a'", '`/v1/b`', "'/v1/c'"]);
  });

  it('leaves out values in comments, raw text and scripts, of `<script>` and `<link>` tags, unquoted ones, and those that are not literals as written', () => {
    const page = [
      '<!-- <a href="https://webexapis.com/v1/a"> -->',
      '<textarea><a href="https://webexapis.com/v1/b"></textarea>',
      '<script src="https://webexapis.com/v1/c">const s = \'<a href="https://webexapis.com/v1/d">\';</script>',
      '<link rel="preconnect" href="https://webexapis.com">',
      '<a href=https://webexapis.com/v1/e>',
      '<a href="https://webexapis.com/v1/f\\g">',
      '<a href="https://webexapis.com/v1/\nh">',
    ].join('\n');
    expect(values(page)).toEqual([]);
  });

  it('the values are string-literal statements of a group of their own, at their own offsets, with the script blocks\' groups before it', () => {
    const page = '<a href="/v1/a"><a href="/v1/b">\n<script>x()</script>';
    const groups = scriptGroups(page, 'page.html');
    expect(groups.map((g) => Boolean(g.markup))).toEqual([false, true]);
    // A `;` after each value but the last, where its tag's `>` was.
    expect(groups[1].text).toBe(`${' '.repeat(8)}"/v1/a";${' '.repeat(8)}"/v1/b" \n${' '.repeat(20)}`);
    expect(groups[1].text.length).toBe(page.length);
  });

  it('reports the link of the page at its line and column; `&amp;` is a query separator, so a `state` after one is seen', () => {
    const notices = [...only('legacy-api-host'), ...only('oauth-authorize-state-missing')];
    const link = (query: string): string => `<body>\n<a class="x" href="https://api.ciscospark.com/v1/authorize?${query}">Sign in</a>\n</body>\n`;
    const found = (text: string): string[] => analyzeFile({ filename: 'page.html', text }, { catalog, notices }).matches.map((m) => `${m.noticeId} ${m.loc.start.line}:${m.loc.start.column}`);
    expect(found(link('client_id=X&amp;response_type=code&amp;scope=spark%3Aall'))).toEqual(['oauth-authorize-state-missing 2:18', 'legacy-api-host 2:27']);
    expect(found(link('client_id=X&amp;response_type=code&amp;state=s1'))).toEqual(['legacy-api-host 2:27']);
    expect(found(link('client_id=X&response_type=code&state=s1'))).toEqual(['legacy-api-host 2:27']);
    // A page whose links name no API is not parsed.
    expect(analyzeFile({ filename: 'page.html', text: '<a href="https://example.com/a?b=c&amp;d=e">x</a>' }, { catalog, notices }).parsed).toBe(false);
  });

  it('a fix in a value is kept only when it stays inside the quotes and writes nothing the markup would read otherwise', () => {
    const text = '<a href="https://api.ciscospark.com/v1/people">x</a>\n';
    const result = analyzeFile({ filename: 'page.html', text }, { catalog, notices: only('legacy-api-host') });
    expect(result.matches.map((m) => m.fix?.map((e) => e.text))).toEqual([['webexapis.com']]);
    const unsafe = markupSafeFixes(contextOf(text), [{ ...result.matches[0], fix: [{ range: result.matches[0].fix![0].range, text: 'webexapis.com?a=1&b=2' }] }]);
    expect(unsafe[0].fix).toBeUndefined();
    const outside = markupSafeFixes(contextOf(text), [{ ...result.matches[0], fix: [{ range: [8, 20], text: 'x' }] }]);
    expect(outside[0].fix).toBeUndefined();
    expect(markupSafeFixes(contextOf(text), result.matches)[0].fix).toEqual(result.matches[0].fix);
  });
});

describe('a page\'s inline module script and the project model', () => {
  it('resolves a specifier that names a file with its extension (`./lib/rooms.js`), as browsers need', () => {
    const page = `${CROSS_FILE_CASES}browser-inline-module/pages/index.html`;
    const project = projectOf(page)!;
    expect(project.resolver.resolve(page, './lib/rooms.js')).toBe(`${CROSS_FILE_CASES}browser-inline-module/pages/lib/rooms.js`);
    expect(project.resolver.resolve(page, './lib/missing.js')).toBeUndefined();
  });
});

describe('the ESLint processor collab-migrate/html', () => {
  const linter = new Linter({ configType: 'flat' });
  const config = (rules: Record<string, 'error'>): Linter.Config[] => [
    plugin.configs.html,
    {
      files: ['**/*.{js,jsx,ts,tsx}'],
      plugins: { [PLUGIN_NAME]: plugin as never },
      languageOptions: { parser: tsParser as never },
      settings: { [PLUGIN_NAME]: { today: '2026-11-22' } },
      rules,
    },
  ];
  const all = Object.fromEntries(notices.map((n) => [`${PLUGIN_NAME}/${n.id}`, 'error' as const]));

  it('reports what the CLI reports on a page, a Vue and a Svelte component, at the same lines and columns (the ESLint class, as `eslint` runs)', async () => {
    // The ESLint class lints a block its config's `files` match; the Linter API alone only `.js` blocks (its `filterCodeBlock`).
    const eslintClass = new ESLint({ cwd: process.cwd(), overrideConfigFile: true, overrideConfig: config(all) as never });
    const files = {
      'page.html': `<body>\n<script>\n  ${CONTENT_TYPE_GET};\n</script>\n<script type="module">\n  await fetch('https://webexapis.com/v1/people/me');\n</script>\n</body>\n`,
      'Rooms.vue': `<template><p/></template>\n<script setup lang="ts">\nconst n: number = 1;\n${CONTENT_TYPE_GET};\n</script>\n`,
      'Me.svelte': `<script context="module">\n  export const BASE = 'https://webexapis.com/v1';\n</script>\n<script>\n  fetch(\`\${BASE}/people/me\`);\n</script>\n`,
    };
    for (const [filename, text] of Object.entries(files)) {
      const [lint] = await eslintClass.lintText(text, { filePath: filename });
      const eslint = lint.messages.map((m) => `${m.ruleId?.slice(PLUGIN_NAME.length + 1) ?? m.message} ${m.line}:${m.column}`).sort();
      const cli = analyzeFile({ filename, text }, { catalog, notices, engine: { today: '2026-11-22' } }).matches.map((m) => `${m.noticeId} ${m.loc.start.line}:${m.loc.start.column + 1}`).sort();
      expect(cli.length).toBeGreaterThan(0);
      expect(eslint).toEqual(cli);
    }
  });

  it('fixes the page in place, as the CLI does', () => {
    const text = `<p>${CONTENT_TYPE_GET}</p>\n<script>\n${CONTENT_TYPE_GET};\n</script>\n`;
    const rules = { [`${PLUGIN_NAME}/get-request-content-type`]: 'error' as const };
    const eslint = linter.verifyAndFix(text, config(rules), { filename: 'page.html', filterCodeBlock: () => true }).output;
    const cli = fixFile({ filename: 'page.html', text }, { catalog, notices: only('get-request-content-type'), engine: { today: '2026-11-22' } }).output;
    expect(eslint).not.toBe(text);
    expect(eslint).toBe(cli);
  });

  it('hands ESLint nothing for a page without inline scripts', () => {
    expect(plugin.processors.html.preprocess!('<script src="a.js"></script>', 'page.html')).toEqual([]);
  });

  it('hands ESLint a page\'s attribute values only when they hold a notice\'s token, and then reports what the CLI reports', () => {
    expect(plugin.processors.html.preprocess!('<a href="https://example.com/docs">docs</a><link href="https://webexapis.com/v1/x">', 'page.html')).toEqual([]);
    const text = `<p>\n  <a href="https://api.ciscospark.com/v1/authorize?client_id=X&amp;response_type=code">in</a>\n</p>\n`;
    const blocks = plugin.processors.html.preprocess!(text, 'page.html') as Array<{ text: string }>;
    expect(blocks).toHaveLength(1);
    const rules = Object.fromEntries(['legacy-api-host', 'oauth-authorize-state-missing'].map((id) => [`${PLUGIN_NAME}/${id}`, 'error' as const]));
    const eslint = linter.verify(text, config(rules), { filename: 'page.html', filterCodeBlock: () => true }).map((m) => `${m.ruleId?.slice(PLUGIN_NAME.length + 1)} ${m.line}:${m.column}`).sort();
    const cli = analyzeFile({ filename: 'page.html', text }, { catalog, notices: [...only('legacy-api-host'), ...only('oauth-authorize-state-missing')], engine: { today: '2026-11-22' } })
      .matches.map((m) => `${m.noticeId} ${m.loc.start.line}:${m.loc.start.column + 1}`)
      .sort();
    expect(cli).toEqual(['legacy-api-host 2:20', 'oauth-authorize-state-missing 2:11']);
    expect(eslint).toEqual(cli);
    const fixed = linter.verifyAndFix(text, config(rules), { filename: 'page.html', filterCodeBlock: () => true }).output;
    expect(fixed).toBe(text.replace('api.ciscospark.com', 'webexapis.com'));
  });
});

describe('the CLI on markup', { timeout: 120_000 }, () => {
  const tree = tempTrees();
  beforeAll(() => assertBuilt());

  it('reports the page\'s finding at its line and column, and a block that does not parse as unanalysed', async () => {
    const d = tree({
      'public/index.html': `<!doctype html>\n<html>\n<body>\n<script>\n  fetch('https://webexapis.com/v1/people/me').then((r) => r.json());\n</script>\n</body>\n</html>\n`,
      'public/broken.html': `<script>\n  fetch('https://webexapis.com/v1/rooms', {;\n</script>\n`,
    });
    const r = await cliInProcess(['--only', 'cors-localhost-origins', '--today', '2026-11-22', '--format', 'json'], { cwd: d });
    const report = JSON.parse(r.stdout) as { findings: { file: string; line: number; column: number; noticeId: string }[]; unanalysed: { file: string; reason: string }[] };
    expect(report.findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.noticeId}`)).toEqual(['public/index.html:5:9 cors-localhost-origins']);
    expect(report.unanalysed.map((u) => u.file)).toEqual(['public/broken.html']);
    expect(report.unanalysed[0].reason).toMatch(/script block at line 2/);
  });

  it('its own HTML report is not scanned as a page, and a second `--format html -o` replaces it', async () => {
    const d = tree({ 'public/index.html': `<script>\n  fetch('https://webexapis.com/v1/people/me');\n</script>\n` });
    const args = ['--only', 'cors-localhost-origins', '--today', '2026-11-22'];
    expect((await cliInProcess([...args, '--format', 'html', '-o', 'report.html'], { cwd: d })).code).toBe(1);
    const again = await cliInProcess([...args, '--format', 'html', '-o', 'report.html'], { cwd: d });
    expect(again.stderr).not.toMatch(/Cannot write/);
    expect(again.code).toBe(1);
    const r = await cliInProcess([...args, '--format', 'json'], { cwd: d });
    const report = JSON.parse(r.stdout) as { findings: { file: string }[]; files: { file: string; reason?: string }[] };
    expect(report.findings.map((f) => f.file)).toEqual(['public/index.html']);
    expect(report.files.find((f) => f.file === 'report.html')?.reason).toMatch(/written by collab-migrate \(an HTML report\)/);
  });

  it('a page of 20,000 script blocks is read as one program (not 20,000 blanked copies of the page): in a child process, within its time', () => {
    const blocks = Array.from({ length: 20_000 }, (_, i) => `<script>track(${i}, 'webexapis.com');</script>`).join('\n');
    expect(scriptGroups(blocks, 'many.html')).toHaveLength(1);
    expect(scriptGroups(blocks.split('\n').slice(0, MAX_SEPARATE_BLOCKS).join('\n'), 'few.html')).toHaveLength(MAX_SEPARATE_BLOCKS);
    const d = tree({ 'many.html': blocks });
    const r = cli(['--today', '2026-11-22', '--format', 'json'], { cwd: d });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { findings: unknown[]; unanalysed: unknown[] };
    expect(report.findings).toEqual([]);
    expect(report.unanalysed).toEqual([]);
  });
});
