/**
 * The ESLint plugin runs the engine without recording what each analysis read (engine/project/journal.ts): only the
 * CLI's result cache keeps that record, and recording it cost the plugin's per-file decision listing hashes and
 * configuration probes for every import it followed (issue 30, item 4). A value the engine remembers per process
 * that was computed then must not later pass for one that read nothing.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { dependencyState, journaled, journalStart, journalStop, note, setJournaling, UNRECORDED, type Journaled } from '../engine/project/journal.js';
import plugin from '../rules/index.js';

describe('a remembered value computed while nothing was recorded', () => {
  it('makes an analysis that is given it later, while recording, depend on an entry that never holds', () => {
    const memo = new Map<string, Journaled<number>>();
    const was = setJournaling(false);
    try {
      expect(journaled(memo, 'k', () => (note('/p/a.ts', 'h1'), 1))).toBe(1);
    } finally {
      setJournaling(was);
    }
    const on = setJournaling(true);
    try {
      journalStart();
      expect(journaled(memo, 'k', () => 2)).toBe(1);
      const reads = journalStop();
      expect(reads.get(UNRECORDED)).toBe('');
      // What a cache compares the recorded '' with: never equal, so the cached outcome is checked again.
      expect(dependencyState(UNRECORDED)).not.toBe('');
    } finally {
      setJournaling(on);
    }
  });

  it('a value computed while recording gives what it read, and no such entry', () => {
    const memo = new Map<string, Journaled<number>>();
    const on = setJournaling(true);
    try {
      journalStart();
      journaled(memo, 'k', () => (note('/p/a.ts', 'h1'), 1));
      journalStop();
      journalStart();
      expect(journaled(memo, 'k', () => 2)).toBe(1);
      const reads = journalStop();
      expect([...reads]).toEqual([['/p/a.ts', 'h1']]);
    } finally {
      setJournaling(on);
    }
  });
});

describe('the plugin and the journal', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plugin-unrecorded-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, '.git'));
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'package.json'), '{ "name": "app", "type": "module" }\n');
  // The API's host is written in another module; the file that sends names only the constant and the path.
  writeFileSync(path.join(dir, 'src', 'urls.js'), "export const API = 'https://webexapis.com/v1';\n");
  writeFileSync(path.join(dir, 'src', 'other-urls.js'), "export const API = 'https://example.com/v1';\n");
  const client = path.join(dir, 'src', 'client.js');
  const clientText = "import { API } from './urls.js';\nexport const info = (id) => fetch(`${API}/rooms/${id}/meetingInfo`);\n";
  writeFileSync(client, clientText);
  // The same request to another host's API.
  const other = path.join(dir, 'src', 'other.js');
  const otherText = "import { API } from './other-urls.js';\nexport const info = (id) => fetch(`${API}/rooms/${id}/meetingInfo`);\n";
  writeFileSync(other, otherText);
  const lint = (file: string, text: string): string[] =>
    new Linter({ configType: 'flat', cwd: dir })
      .verify(text, [plugin.configs.configure({ all: true, today: '2026-11-22' })], { filename: file })
      .map((m) => `${m.ruleId}:${m.line}`);

  for (const before of [true, false]) {
    it(`follows the import and puts the setting back as it was (recording ${before ? 'on' : 'off'} before)`, () => {
      const was = setJournaling(before);
      try {
        expect(lint(client, clientText)).toContain('collab-migrate/rooms-meeting-info-deprecated:2');
        expect(setJournaling(before)).toBe(before);
      } finally {
        setJournaling(was);
      }
    });
  }

  it('the same request with a constant of another host is not reported', () => {
    expect(lint(other, otherText).filter((r) => r.startsWith('collab-migrate/'))).toEqual([]);
  });

  // One ESLint process (an editor's) lints a file, its imported module is edited, and the file is linted again: the
  // per-file decision reads the module as it is now (engine/project/modules.ts checks each module's size and
  // modification time once per linted file), not as the process first read it (issue 30, item 4).
  it('an edited imported module is read again by the next lint in the same process', () => {
    const consts = path.join(dir, 'src', 'edited-urls.js');
    const user = path.join(dir, 'src', 'edited.js');
    const userText = "import { API } from './edited-urls.js';\nexport const info = (id) => fetch(`${API}/rooms/${id}/meetingInfo`);\n";
    writeFileSync(user, userText);
    const ours = () => lint(user, userText).filter((r) => r.startsWith('collab-migrate/'));
    writeFileSync(consts, "export const API = 'https://example.com/v1';\n");
    expect(ours()).toEqual([]);
    writeFileSync(consts, "export const API = 'https://webexapis.com/v1';\n");
    expect(ours()).toContain('collab-migrate/rooms-meeting-info-deprecated:2');
    writeFileSync(consts, "export const API = 'https://example.org/v1';\n");
    expect(ours()).toEqual([]);
  });
});
