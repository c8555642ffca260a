/**
 * Hold-out set 23 after its first run (docs/evaluation.md, "Twenty-seventh session: set 23"): its false positives
 * were another vendor's scopes in a configuration file (an OpenAPI document of a video API kept under `docs/`). A
 * configuration file's scope keys are read as the platform's only where the file names the platform. Synthesized
 * text, nothing copied from the set's repositories.
 */
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import type { Match } from '../engine/types.js';

const catalog = loadCatalog();
const scopes: AnalyzeOptions = { catalog, notices: catalog.notices.filter((n) => n.id === 'oauth-scope-unknown'), engine: { today: '2026-11-28' } };
const scan = (name: string, text: string): Match[] => analyzeFile({ filename: name, text }, scopes).matches;
const lines = (found: Match[]): number[] => found.map((m) => m.loc.start.line);

/** An API description of another vendor: its scope arrays hold a family (`tsp`) two edits from `cjp`. */
const otherVendor = (extra = ''): string => `{
  "openapi": "3.0.0",
  "info": { "title": "Video meetings API"${extra} },
  "servers": [{ "url": "https://api.video.example/v2" }],
  "paths": {
    "/tsp": {
      "get": {
        "x-macro-scopes": [
          "tsp:read:admin"
        ],
        "scopes": ["tsp:read", "meeting:read"]
      }
    }
  }
}
`;

describe('oauth-scope-unknown in configuration files names the platform first', () => {
  it('look-alike: another vendor API description with scope keys: no finding', () => {
    expect(scan('docs/video-api.json', otherVendor())).toEqual([]);
  });
  it('look-alike: a .env of another OAuth provider: no finding', () => {
    expect(scan('.env', 'VIDEO_CLIENT_ID=abc\nVIDEO_SCOPES=tsp:read meeting:read\n')).toEqual([]);
  });
  it('positive: the same file naming the platform: the unknown family is reported', () => {
    expect(lines(scan('docs/video-api.json', otherVendor(', "description": "mirrors Webex scopes"')))).toEqual([9, 11]);
  });
  it('positive: a .env with a misspelt scope beside a known one (no platform word)', () => {
    expect(lines(scan('.env', 'CLIENT_ID=abc\nSCOPES=spark:all spark:kms spark:peple_read\n'))).toEqual([2]);
  });
  it('positive: a .env naming the platform host with only a misspelt scope', () => {
    expect(lines(scan('.env', 'API=https://webexapis.com/v1\nSCOPES=sprk:all\n'))).toEqual([2]);
  });
});
