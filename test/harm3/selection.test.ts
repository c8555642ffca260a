/**
 * Issue 28, item 20: a selection that leaves no notice to look for is a usage error (exit 2), not "No findings".
 */
import { describe, expect, it } from 'vitest';
import { checkSelection } from '../../cli/commands/scan-run.js';
import { UsageError } from '../../cli/errors.js';
import type { ScanSettings } from '../../cli/config/settings.js';
import { readFileSync } from 'node:fs';

// Read, not imported: an imported JSON file is copied into dist/ by the one-pass build and would be packed.
const notices: unknown = JSON.parse(readFileSync(new URL('../../notices.json', import.meta.url), 'utf8'));
const all = (notices as { notices: Parameters<typeof checkSelection>[0] }).notices;
const settings = (only: string[], skip: string[] = [], names: ScanSettings['names'] = {}) => ({ only, skip, names }) as unknown as ScanSettings;

describe('no notice left to look for (issue 28, item 20)', () => {
  it('--only x --skip x', () => {
    expect(() => checkSelection(all, settings(['trunk-error-codes-renamed'], ['trunk-error-codes-renamed']))).toThrow(UsageError);
    expect(() => checkSelection(all, settings(['trunk-error-codes-renamed'], ['trunk-error-codes-renamed']))).toThrow(/No notice left to look for: --only trunk-error-codes-renamed with --skip trunk-error-codes-renamed/);
  });

  it('--only an informational notice says why', () => {
    expect(() => checkSelection(all, settings(['xml-api-password-login-removed']))).toThrow(/xml-api-password-login-removed is informational/);
  });

  it('--skip of every notice, named by the configuration file when it gave the list', () => {
    expect(() => checkSelection(all, settings([], all.map((n) => n.id), { skip: '"skip" in .collab-migraterc.json' }))).toThrow(/"skip" in \.collab-migraterc\.json/);
  });

  it('a selection with a notice left, or none given, is fine', () => {
    expect(() => checkSelection(all, settings([]))).not.toThrow();
    expect(() => checkSelection(all, settings(['trunk-error-codes-renamed', 'xml-api-password-login-removed']))).not.toThrow();
  });
});
