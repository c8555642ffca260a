/**
 * The modules of a store that may dispatch an action by name (Vuex `dispatch('fetch', payload)`): engine/api/dispatch.ts
 * looks for an action in the dispatcher's folder and the folder above it, so the dispatchers of an action written
 * in a file are in that file's folder and its direct subfolders. Read only for a file that assigns a header in a
 * store's `actions` (get-request-content-type), each folder's files at most {@link MAX_FILES_PER_FOLDER}, only
 * those whose text holds a `dispatch(` kept.
 */
import { readdirSync } from 'node:fs';
import { noteListing } from './journal.js';
import path from 'node:path';
import { projectOf, type ProjectModel } from './modules.js';

/** Most files of one store folder read: for the dispatches of an action here, for an action in engine/api/dispatch.ts. */
export const MAX_FILES_PER_FOLDER = 60;
/** Most subfolders searched. */
const MAX_SUBFOLDERS = 20;
/** A source file of a store (by name). */
export const MODULE_FILE = /\.(?:[cm]?js|[cm]?ts)$/;

/** A file's text assigns Content-Type on a request's headers (`options.headers['Content-Type'] = ...`) in a store's `actions`. */
export function mayAssignActionHeader(text: string): boolean {
  return text.includes('actions') && /\.headers\s*\[\s*['"`]content-type['"`]\s*\]\s*=(?!=)/i.test(text);
}

/** The files of a file's folder and its direct subfolders (itself left out) that dispatch something, with their text. */
export function storeDispatchers(filename: string, project: ProjectModel | undefined = projectOf(filename)): Array<{ file: string; text: string }> {
  if (!project) return [];
  const abs = path.resolve(filename);
  const dir = path.dirname(abs);
  const out: Array<{ file: string; text: string }> = [];
  for (const folder of [dir, ...entries(dir, false).slice(0, MAX_SUBFOLDERS)]) {
    for (const f of entries(folder, true).slice(0, MAX_FILES_PER_FOLDER)) {
      if (f === abs) continue;
      const text = project.readText(f);
      if (text !== undefined && text.includes('dispatch(')) out.push({ file: f, text });
    }
  }
  return out;
}

/** A folder's source files (`files`) or subfolders, sorted; hidden entries and `node_modules` left out. */
function entries(dir: string, files: boolean): string[] {
  noteListing(dir);
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => !d.name.startsWith('.') && d.name !== 'node_modules' && (files ? d.isFile() && MODULE_FILE.test(d.name) : d.isDirectory()))
      .map((d) => path.join(dir, d.name))
      .sort();
  } catch {
    return [];
  }
}
