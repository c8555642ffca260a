/**
 * A module the project model needs for another file's analysis, analysed itself already in this run with the text
 * the disk has (engine/project/modules.ts `adoptAnalysed`, engine/analyze.ts): the model takes the analysis's tree
 * rather than parsing and indexing the file again (issue 30, session 26: the platform SDK's 87 KB `call.ts`). The
 * findings are those of the importer analysed in a fresh project; a text unlike the disk's, a tree of another
 * model or a relative name is not taken.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { FileContext } from '../engine/parse/file-context.js';
import { parseSource } from '../engine/parse/parse.js';
import { projectOf, type ProjectModel } from '../engine/project/modules.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const options: AnalyzeOptions = { catalog, notices: catalog.notices.filter((n) => n.status !== 'informational'), engine: { today: '2026-11-28' } };
const project = tempProjects('cm-analysed-tree-');

// A wrapper module of fetch (the importer's finding rests on its tree: the URL's base and the sender are there),
// and a module that POSTs a JSON token request through it (token-endpoint-form-body on the importer's line 4).
const WRAPPER = `const BASE = 'https://webexapis.com/v1';
export async function webexFetch(path, init = {}) {
  const res = await fetch(\`\${BASE}\${path}\`, { ...init, headers: { Authorization: 'Bearer ' + process.env.TOKEN, ...init.headers } });
  return res.json();
}
`;
const TOKEN = `import { webexFetch } from './webex.js';
export function refresh(refreshToken) {
  return webexFetch('/access_token', {
    method: 'POST',
    body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  });
}
`;
const API = WRAPPER;

const shown = (file: string, text: string): string[] => analyzeFile({ filename: file, text }, options).matches.map((m) => JSON.stringify(m));

/** A tree of `text` under `file`, as an analysis makes it. */
function treeOf(file: string, text: string): FileContext {
  const parsed = parseSource(text, file, undefined, { ranges: false });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return new FileContext(file, text, parsed.ast);
}

/** A one-file project's model and its file, and a tree of `text` under `name` (default: the file) offered to it as an analysis's. */
function offered(text: string, name?: (file: string) => string): { model: ProjectModel; file: string; tree: FileContext } {
  const file = path.join(project({ 'src/api.js': API }), 'src/api.js');
  const model = projectOf(file)!;
  const tree = treeOf(name ? name(file) : file, text);
  tree.links = model;
  model.adoptAnalysed(tree);
  return { model, file, tree };
}

describe('a module analysed already is not parsed again for an importer', () => {
  it('the importer after its module: the same findings as the importer alone in a fresh project', () => {
    const fresh = project({ 'src/webex.js': WRAPPER, 'src/token.js': TOKEN });
    const alone = shown(path.join(fresh, 'src/token.js'), TOKEN);
    expect(alone.join('\n')).toContain('token-endpoint-form-body');

    const root = project({ 'src/webex.js': WRAPPER, 'src/token.js': TOKEN });
    const wrapper = path.join(root, 'src/webex.js');
    const own = shown(wrapper, WRAPPER);
    // The wrapper's analysis offered its tree: the model holds it once the importer's analysis needs the module.
    expect(projectOf(wrapper)?.parsedAs(wrapper, WRAPPER)).toBeUndefined();
    expect(shown(path.join(root, 'src/token.js'), TOKEN)).toEqual(alone);
    expect(projectOf(wrapper)?.parsedAs(wrapper, WRAPPER)?.filename).toBe(wrapper);
    // And the module's own analysis again, on the tree the model holds now: the same.
    expect(shown(wrapper, WRAPPER)).toEqual(own);
  });

  it('the model takes the tree offered for the same name and the disk\'s text', () => {
    const { model, file, tree } = offered(API);
    expect(model.module(file)).toBe(tree);
  });

  it('a tree whose text is not the disk\'s, of another model, or under a relative name is not taken', () => {
    // An editor's buffer unlike the disk: the model parses the disk's text.
    const edited = offered(`// edited\n${API}`);
    const parsed = edited.model.module(edited.file);
    expect(parsed).not.toBe(edited.tree);
    expect(parsed?.text).toBe(API);
    // Not linked to this model (offered, then linked to none).
    const file = path.join(project({ 'src/api.js': API }), 'src/api.js');
    const model = projectOf(file)!;
    const unlinked = treeOf(file, API);
    model.adoptAnalysed(unlinked);
    expect(model.module(file)).not.toBe(unlinked);
    // A relative name.
    const relative = offered(API, (f) => path.relative(process.cwd(), f));
    expect(relative.model.module(relative.file)).not.toBe(relative.tree);
  });

  it('a file changed on disk after its analysis is parsed afresh', () => {
    const { model, file, tree } = offered(API);
    writeFileSync(file, `${API}// changed\n`);
    const parsed = model.module(file);
    expect(parsed).not.toBe(tree);
    expect(parsed?.text).toBe(`${API}// changed\n`);
  });
});
