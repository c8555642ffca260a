/**
 * Hold-out set 24 after its first run (docs/evaluation.md, "Twenty-eighth session: set24fix"): the shapes behind its
 * misses, each with the platform's case that must be found and look-alikes that must stay quiet (synthesized code,
 * nothing copied from the set's repositories): a server-side template of an HTML page (a Handlebars or EJS view)
 * linking to the API, and a signature helper whose caller hands it a re-serialized body (`JSON.stringify(req.body)`).
 * Projects are small trees in a temporary folder (a `.git` folder marks the root).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { fileLanguage } from '../engine/read/language.js';
import type { Match } from '../engine/types.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-28' } });
const summary = (m: Match): string => `${m.noticeId} ${m.loc.start.line} ${m.confidence}`;
const project = tempProjects('cm-holdout24-shapes-');
const matches = (root: string, files: Record<string, string>, rel: string, ...ids: string[]): Match[] =>
  analyzeFile({ filename: path.join(root, rel), text: files[rel] }, only(...ids)).matches;
const scan = (files: Record<string, string>, rel: string, ...ids: string[]): string[] => matches(project(files), files, rel, ...ids).map(summary);

const HOST = 'legacy-api-host';
const RAW = 'webhook-signature-raw-body';

describe('a server-side template of an HTML page (Handlebars `.hbs`, EJS `.ejs`): its links are read as a page\'s', () => {
  const view = (href: string, extra = ''): string => `<!DOCTYPE html>
<html>
  <head><title>{{title}}</title></head>
  <body>
    {{#if user}}<p>Signed in as {{user.name}}</p>{{/if}}
    <a href='${href}'>Grant access</a>
${extra}  </body>
</html>
`;
  const authorize = 'https://api.ciscospark.com/v1/authorize?client_id={{clientId}}&response_type=code&scope=spark%3Aall&state={{state}}';

  it('templates are markup by name', () => {
    for (const name of ['views/index.hbs', 'views/login.handlebars', 'views/page.mustache', 'views/index.ejs']) expect(fileLanguage(name), name).toBe('html');
  });

  it('positive: a grant link on the legacy host in a view is reported at its line, with the host rename kept inside the quotes', () => {
    for (const rel of ['views/index.hbs', 'views/index.ejs']) {
      const files = { [rel]: view(authorize) };
      const found = matches(project(files), files, rel, HOST);
      expect(found.map(summary), rel).toEqual([`${HOST} 6 certain`]);
      const edits = found[0].fix ?? [];
      expect(edits.length, rel).toBeGreaterThan(0);
      for (const e of edits) expect(e.text, rel).toBe('webexapis.com');
    }
  });

  it('positive: an inline script of a view calling the legacy host is read as a page\'s script', () => {
    const script = "    <script>\n      fetch('https://api.ciscospark.com/v1/people/me', { headers: { Authorization: 'Bearer ' + token } });\n    </script>\n";
    expect(scan({ 'views/me.hbs': view('/login', script) }, 'views/me.hbs', HOST)).toEqual([`${HOST} 8 certain`]);
  });

  it('look-alikes: a view linking to the current host or to the developer docs, and a host written only in a template comment, stay quiet', () => {
    expect(scan({ 'views/index.hbs': view(authorize.replace('api.ciscospark.com', 'webexapis.com')) }, 'views/index.hbs', HOST)).toEqual([]);
    expect(scan({ 'views/index.ejs': view('https://developer.webex.com/docs/integrations') }, 'views/index.ejs', HOST)).toEqual([]);
    expect(scan({ 'views/index.hbs': view('/login', '    <!-- was https://api.ciscospark.com/v1/authorize -->\n') }, 'views/index.hbs', HOST)).toEqual([]);
  });

  it('look-alike: a template of another language (Pug) is not read as markup', () => {
    expect(fileLanguage('views/index.pug')).toBe('unsupported');
  });
});
