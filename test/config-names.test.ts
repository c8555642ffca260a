/**
 * Issue 26, shape 9: configuration files under every usual name are scanned like `.env`, and a host in a
 * commented-out line of one is at most likely (a suggestion, never an autofix).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { fileLanguage, isEnvFile, lineCommentStarts } from '../engine/read/language.js';
import { findFiles } from '../cli/walk/files.js';
import type { Match } from '../engine/types.js';

const catalog = loadCatalog();

function matches(id: string, text: string, filename: string): Match[] {
  const notices = catalog.notices.filter((n) => n.id === id);
  return analyzeFile({ filename, text }, { catalog, notices, engine: { region: 'eu' } }).matches;
}

const summary = (ms: Match[]): string[] => ms.map((m) => `${m.loc.start.line}:${m.confidence}${m.fix ? '+fix' : ''}`);

const ENV_NAMES = ['.env', '.env.production', '.env.local', '.env.example', 'gov.env.example', 'prod.env', 'config/app.env.local', '.env-sample', 'env.example', 'docs/sample.env'];
const NOT_ENV = ['.envrc', 'env', 'environment.ts', 'src/env.js', 'foo.envelope', 'env.d.ts', '.env.json'];

describe('environment files by name', () => {
  it('every usual name of an environment file is configuration', () => {
    for (const name of ENV_NAMES) {
      expect(fileLanguage(name), name).toBe('config');
      expect(isEnvFile(name), name).toBe(true);
      expect(lineCommentStarts(name), name).toBe('#');
    }
  });

  it('look-alikes are not environment files (a shell script, source, JSON)', () => {
    expect(NOT_ENV.map((n) => [n, isEnvFile(n)])).toEqual(NOT_ENV.map((n) => [n, false]));
    expect(NOT_ENV.map(fileLanguage)).toEqual(['unsupported', 'unsupported', 'ts', 'js', 'unsupported', 'ts', 'config']);
  });

  it('the walk finds them (a `*.env.example` was silently left out before)', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'cm-env-names-'));
    try {
      for (const name of [...ENV_NAMES, '.envrc', 'foo.envelope']) {
        mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
        writeFileSync(path.join(root, name), 'CDR=https://analytics.webexapis.com/v1/cdr_feed\n');
      }
      const found = findFiles({ cwd: root, paths: [], include: [], exclude: [], maxFileSize: 4096, stat: false }).files.map((f) => f.display).sort();
      expect(found).toEqual([...ENV_NAMES].sort());
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('a call history URL in gov.env.example and prod.env is found as in .env', () => {
    const text = 'CDR_FEED=https://analytics.webexapis.com/v1/cdr_feed\n';
    for (const name of ['.env', 'gov.env.example', 'prod.env', '.env.production']) {
      expect(summary(matches('call-history-regional-hosts', text, name)), name).toEqual(['1:certain+fix']);
    }
  });
});

describe('commented-out lines of configuration files', () => {
  const env = [
    '# CDR_FEED=https://analytics.webexapis.com/v1/cdr_feed',
    'CDR_FEED=https://analytics.webexapis.com/v1/cdr_feed',
    '  #API=https://api.ciscospark.com/v1',
    'API=https://api.ciscospark.com/v1 # was https://api.ciscospark.com/v1',
    '',
  ].join('\n');

  it('a host in a commented-out line is likely, its edit only a suggestion; the live line keeps its autofix', () => {
    for (const name of ['.env.example', 'gov.env.example']) {
      const cdr = matches('call-history-regional-hosts', env, name);
      expect(summary(cdr), name).toEqual(['1:likely', '2:certain+fix']);
      expect(cdr[0].confidenceReason).toMatch(/commented-out line/);
      expect(cdr[0].suggestions?.[0].edits.length).toBeGreaterThan(0);
      const legacy = matches('legacy-api-host', env, name);
      // A trailing comment on a live line is not a commented-out line: both hosts of line 4 keep their fix.
      expect(summary(legacy), name).toEqual(['3:likely', '4:certain+fix', '4:certain+fix']);
    }
  });

  it('YAML and .properties comments too; a `#` inside a JSON string is not a comment', () => {
    expect(summary(matches('legacy-api-host', '# api: https://api.ciscospark.com/v1\napi: https://api.ciscospark.com/v1\n', 'app.yaml'))).toEqual(['1:likely', '2:certain+fix']);
    expect(summary(matches('legacy-api-host', '! api=https://api.ciscospark.com/v1\napi=https://api.ciscospark.com/v1\n', 'app.properties'))).toEqual(['1:likely', '2:certain+fix']);
    expect(summary(matches('legacy-api-host', '{\n  "#": "https://api.ciscospark.com/v1"\n}\n', 'app.json'))).toEqual(['2:certain+fix']);
  });
});
