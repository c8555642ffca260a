/**
 * The first path segments of the platform's REST API (docs/evaluation.md, "Path-only evidence and the autofix
 * audit"): `engine/api/platform-segments.ts`, which `isApiUrl` reads when a URL's host is not known and its path
 * starts with `/v1/`. Derived, never written by hand, from two sources:
 * - the platform's OpenAPI specs (a clone or mirror of webex/webex-openapi-specs, `public-spec/*.json` at HEAD), every
 *   path's first segment after an optional `/v1`; a spec whose operations another host serves (Contact Center,
 *   `api.wxcc-{region}.cisco.com`) is left out, and a spec whose blob the repository lacks (cloud calling in the
 *   mirror this was first run on) is named in the output as missing;
 * - the catalog (`notices.json`): every endpoint path of a detection's scope (`endpoints` and `others`, which carry
 *   the calling paths of the cloud-calling spec) and every literal path of its parameters (`loginPaths`).
 *
 *   COLLAB_MIGRATE_OPENAPI_SPECS=/path/to/repo node dist/scripts/gen-platform-segments.js          # writes the file
 *   COLLAB_MIGRATE_OPENAPI_SPECS=/path/to/repo node dist/scripts/gen-platform-segments.js --check  # exit 1 if it differs
 *
 * Without the variable the script says so and exits 0 (the catalog half is checked by test/platform-segments.test.ts
 * on every run).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCatalog } from '../engine/catalog/catalog.js';
import type { LoadedCatalog } from '../engine/catalog/catalog.js';

export const ENV = 'COLLAB_MIGRATE_OPENAPI_SPECS';

/** Specs whose operations are served by hosts other than the catalog's API hosts: their paths say nothing about it. */
export const OTHER_HOST_SPECS: Readonly<Record<string, string>> = {
  'public-spec/webex-contact-center.json': 'Contact Center, served from api.wxcc-{region}.cisco.com',
};

/** The generated file, relative to the package root. */
export const OUTPUT = join('engine', 'api', 'platform-segments.ts');

/** The first segment of an API path after an optional `/v1` (`/v1/rooms/{id}` -> `rooms`), or undefined when not a literal word. */
export function firstSegment(path: string): string | undefined {
  const seg = path.replace(/^\/?v1(?=\/)/, '').split('/').find((s) => s !== '');
  return seg !== undefined && /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(seg) ? seg : undefined;
}

type Sources = Map<string, Set<string>>;

function add(out: Sources, seg: string | undefined, source: string): void {
  if (seg === undefined) return;
  let s = out.get(seg);
  if (!s) out.set(seg, (s = new Set()));
  s.add(source);
}

/** First segments of the catalog's endpoint paths (scope `endpoints` and `others`) and literal `loginPaths`. */
export function catalogSegments(catalog: LoadedCatalog): Sources {
  const out: Sources = new Map();
  for (const notice of catalog.notices) {
    for (const d of notice.detections) {
      const scope = (d as { scope?: { endpoints?: Array<{ path: string }>; others?: Array<{ path: string }> } }).scope;
      for (const e of [...(scope?.endpoints ?? []), ...(scope?.others ?? [])]) add(out, firstSegment(e.path), 'catalog');
      const params = (d as { params?: Record<string, unknown> }).params;
      const login = params?.loginPaths;
      if (Array.isArray(login)) for (const p of login) if (typeof p === 'string') add(out, firstSegment(p), 'catalog');
    }
  }
  return out;
}

function git(repo: string, args: string[]): { ok: boolean; out: string } {
  const r = spawnSync('git', ['-C', repo, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ok: r.status === 0, out: r.stdout ?? '' };
}

export interface SpecReading {
  commit: string;
  read: string[];
  otherHost: string[];
  missing: string[];
  segments: Sources;
}

/** First segments of every path of the specs at HEAD of `repo` (a clone or a bare mirror). */
export function specSegments(repo: string): SpecReading {
  const commit = git(repo, ['rev-parse', 'HEAD']).out.trim();
  const files = git(repo, ['ls-tree', '-r', '--name-only', 'HEAD']).out.split('\n').filter((f) => /^public-spec\/[^/]+\.json$/.test(f)).sort();
  const reading: SpecReading = { commit, read: [], otherHost: [], missing: [], segments: new Map() };
  for (const file of files) {
    if (OTHER_HOST_SPECS[file]) {
      reading.otherHost.push(file);
      continue;
    }
    const text = git(repo, ['show', `HEAD:${file}`]);
    if (!text.ok) {
      reading.missing.push(file);
      continue;
    }
    reading.read.push(file);
    const name = file.replace(/^public-spec\//, '').replace(/\.json$/, '');
    const paths = Object.keys((JSON.parse(text.out) as { paths?: Record<string, unknown> }).paths ?? {});
    for (const p of paths) add(reading.segments, firstSegment(p), name);
  }
  return reading;
}

/** The generated module's text. */
export function render(spec: SpecReading, catalog: Sources): string {
  const all: Sources = new Map();
  for (const src of [spec.segments, catalog]) for (const [seg, from] of src) for (const f of from) add(all, seg, f);
  const rows = [...all.keys()].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : a < b ? -1 : 1))
    .map((seg) => `  ${JSON.stringify(seg)}: ${JSON.stringify([...all.get(seg)!].sort())},`);
  return `/**
 * First path segments (after an optional \`/v1\`) of the platform's REST API, with where each was read. Generated by
 * scripts/gen-platform-segments.ts from the OpenAPI specs of webex/webex-openapi-specs at ${spec.commit.slice(0, 12)}
 * (read: ${spec.read.map((f) => f.replace(/^public-spec\//, '')).join(', ')}; other hosts, left out: ${spec.otherHost.map((f) => f.replace(/^public-spec\//, '')).join(', ') || 'none'};
 * missing from the repository: ${spec.missing.map((f) => f.replace(/^public-spec\//, '')).join(', ') || 'none'}) and from the catalog's endpoint paths ("catalog").
 * Do not edit by hand: run the script (test/platform-segments.test.ts checks the catalog's part on every run).
 */
export const PLATFORM_PATH_SEGMENTS: Readonly<Record<string, readonly string[]>> = {
${rows.join('\n')}
};
`;
}

function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    try {
      readFileSync(join(dir, 'notices.json'));
      return dir;
    } catch {
      dir = dirname(dir);
    }
  }
  throw new Error('package root not found');
}

function main(): number {
  const repo = process.env[ENV];
  if (!repo) {
    process.stdout.write(`${ENV} is not set: skipped (set it to a clone of webex/webex-openapi-specs)\n`);
    return 0;
  }
  const text = render(specSegments(repo), catalogSegments(loadCatalog()));
  const target = join(packageRoot(), OUTPUT);
  if (process.argv.includes('--check')) {
    const same = readFileSync(target, 'utf8') === text;
    process.stdout.write(same ? `${OUTPUT} is up to date\n` : `${OUTPUT} differs from the script's output: run it without --check\n`);
    return same ? 0 : 1;
  }
  writeFileSync(target, text);
  process.stdout.write(`wrote ${OUTPUT}\n`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main();
