/**
 * Google Apps Script sources (`.gs`): JavaScript run by Google's Apps Script runtime, read as JavaScript only where
 * the project is an Apps Script project, so that a `.gs` file of another language (Grammatical Framework, GameMaker
 * scripts, ...) is never parsed as JavaScript. The evidence: the project's manifest `appsscript.json` or clasp's
 * `.clasp.json` in the file's folder or a folder above it (up to the repository's root, the first folder with a
 * `.git`), or the file itself calling one of the runtime's global services (`UrlFetchApp.fetch(...)`,
 * `SpreadsheetApp.getActive()`, `PropertiesService.getScriptProperties()`, ...). The marker files are only looked
 * for (lstat), never read.
 */
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { APPS_SCRIPT_NAME } from './language.js';

/** Global services of the Apps Script runtime, used as `Service.member`; generic names (`Logger`, `Session`, `Utilities`) are left out. */
const APPS_SCRIPT_GLOBAL = /\b(?:UrlFetchApp|SpreadsheetApp|DocumentApp|DriveApp|GmailApp|CalendarApp|FormApp|SlidesApp|MailApp|ScriptApp|ContentService|HtmlService|PropertiesService|CacheService|LockService)\s*\.\s*[A-Za-z_$]/;

const MARKERS = ['appsscript.json', '.clasp.json'];
/** Folder -> whether it or a folder above it (to the repository's root) holds a marker. */
const folders = new Map<string, boolean>();

const exists = (file: string): boolean => {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
};

function markedFolder(folder: string): boolean {
  const known = folders.get(folder);
  if (known !== undefined) return known;
  let found: boolean;
  if (MARKERS.some((m) => exists(path.join(folder, m)))) found = true;
  else {
    const parent = path.dirname(folder);
    found = parent !== folder && !exists(path.join(folder, '.git')) && markedFolder(parent);
  }
  folders.set(folder, found);
  return found;
}

/** Whether a file's text calls a global service of the Apps Script runtime. */
export function usesAppsScriptGlobals(text: string): boolean {
  return APPS_SCRIPT_GLOBAL.test(text);
}

/**
 * Whether a `.gs` file is Apps Script (JavaScript): its text uses the runtime's globals, or a manifest or a clasp
 * configuration sits in its folder or above. Files of other names are not asked about (false).
 */
export function isAppsScriptSource(filename: string, text: string): boolean {
  if (!APPS_SCRIPT_NAME.test(filename)) return false;
  return usesAppsScriptGlobals(text) || markedFolder(path.dirname(path.resolve(filename)));
}
