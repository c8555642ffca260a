/**
 * A deterministic benchmark corpus: a monorepo of ordinary JavaScript/TypeScript files (React components,
 * HTTP handlers, services, state slices, tests, JSON configuration) with look-alikes of the catalog's
 * words where real code has them (sign-up forms with `firstName`, feature flags, OAuth `scope` parsing,
 * `Authorization: Bearer` headers), and about 1% of files that are copies of the example consumer app's
 * sources, which are full of deprecated usage. The same seed gives the same bytes.
 *
 *   node dist/scripts/gen-corpus.js <dir> [--files 5000] [--seed 1] [--rate 0.01]
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface CorpusOptions {
  /** Number of source files (JSON configuration comes on top, about one per package). */
  files: number;
  seed: number;
  /** Share of source files with deprecated usage. */
  rate: number;
}

export interface CorpusSummary {
  dir: string;
  sourceFiles: number;
  configFiles: number;
  deprecatedFiles: number;
  bytes: number;
}

/** mulberry32: small, fast, good enough for shuffling templates. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOUNS = ['account', 'invoice', 'order', 'customer', 'report', 'ticket', 'project', 'message', 'team', 'device', 'schedule', 'payment', 'profile', 'session', 'upload', 'comment', 'product', 'cart', 'review', 'shipment', 'contract', 'asset', 'budget', 'survey'];
const VERBS = ['load', 'save', 'update', 'remove', 'sync', 'render', 'validate', 'format', 'merge', 'archive', 'export', 'import', 'resolve', 'compute', 'refresh'];
const ADJ = ['active', 'pending', 'recent', 'shared', 'draft', 'primary', 'archived', 'internal', 'public', 'cached'];

const cap = (s: string): string => s[0].toUpperCase() + s.slice(1);

interface Gen {
  r: () => number;
  pick<T>(xs: readonly T[]): T;
  int(lo: number, hi: number): number;
}

function gen(seed: number): Gen {
  const r = rng(seed);
  return { r, pick: (xs) => xs[Math.floor(r() * xs.length)], int: (lo, hi) => lo + Math.floor(r() * (hi - lo + 1)) };
}

function helper(g: Gen, noun: string, ts: boolean): string {
  const verb = g.pick(VERBS);
  const adj = g.pick(ADJ);
  const t = (x: string): string => (ts ? x : '');
  const name = `${verb}${cap(adj)}${cap(noun)}s`;
  switch (g.int(0, 4)) {
    case 0:
      return `export function ${name}(items${t(`: ${cap(noun)}[]`)}, limit${t(': number')} = ${g.int(5, 100)})${t(`: ${cap(noun)}[]`)} {
  const seen = new Set${t('<string>')}();
  const out${t(`: ${cap(noun)}[]`)} = [];
  for (const item of items) {
    if (seen.has(item.id) || item.status !== '${adj}') continue;
    seen.add(item.id);
    out.push({ ...item, updatedAt: new Date(item.updatedAt).toISOString() });
    if (out.length >= limit) break;
  }
  return out.sort((a, b) => a.title.localeCompare(b.title));
}
`;
    case 1:
      return `export async function ${name}(client${t(': HttpClient')}, id${t(': string')})${t(`: Promise<${cap(noun)} | undefined>`)} {
  const res = await client.get(\`/api/${noun}s/\${encodeURIComponent(id)}\`, { params: { expand: '${adj}' } });
  if (res.status === 404) return undefined;
  if (res.status >= 400) throw new Error(\`${verb} ${noun} failed: \${res.status}\`);
  return normalize${cap(noun)}(res.data);
}
`;
    case 2:
      return `export const ${name} = (state${t(`: ${cap(noun)}State`)}, action${t(`: { type: string; payload?: any }`)}) => {
  switch (action.type) {
    case '${noun}/${verb}':
      return { ...state, items: [...state.items, action.payload], loading: false };
    case '${noun}/${adj}':
      return { ...state, filter: '${adj}', page: ${g.int(1, 9)} };
    case '${noun}/error':
      return { ...state, error: String(action.payload), loading: false };
    default:
      return state;
  }
};
`;
    case 3:
      return `/** ${cap(verb)}s the ${adj} ${noun}s of a page; keeps the order the server gave. */
export function ${name}(rows${t(': Array<Record<string, unknown>>')})${t(': string')} {
  const header = ['id', 'title', 'owner', 'createdAt'].join(',');
  const lines = rows.map((row) => [row.id, JSON.stringify(row.title ?? ''), row.owner ?? '', row.createdAt ?? ''].join(','));
  return [header, ...lines].join('\\n') + '\\n';
}
`;
    default:
      return `export class ${cap(adj)}${cap(noun)}Cache {
  ${t('private ')}entries = new Map${t(`<string, { value: ${cap(noun)}; expires: number }>`)}();
  constructor(${t('private readonly ')}ttlMs${t(': number')} = ${g.int(1, 60) * 1000}) {${ts ? '' : '\n    this.ttlMs = ttlMs;'}}
  get(key${t(': string')})${t(`: ${cap(noun)} | undefined`)} {
    const hit = this.entries.get(key);
    if (!hit || hit.expires < Date.now()) return undefined;
    return hit.value;
  }
  set(key${t(': string')}, value${t(`: ${cap(noun)}`)})${t(': void')} {
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
  }
}
`;
  }
}

/** Ordinary code that happens to hold words the catalog also uses: the prefilter lets some through, detectors must not report. */
function lookAlike(g: Gen, noun: string, ts: boolean): string {
  const t = (x: string): string => (ts ? x : '');
  switch (g.int(0, 4)) {
    case 0:
      return `export function signUp${cap(noun)}(form${t(': { firstName: string; lastName: string; email: string }')}) {
  const displayName = \`\${form.firstName} \${form.lastName}\`.trim() || '-';
  return fetch('/api/signup', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...form, displayName }) });
}
`;
    case 1:
      return `export const features = { ${noun}Export: true, ${noun}Import: ${g.r() < 0.5}, beta${cap(noun)}: false };
export function isEnabled(name${t(': keyof typeof features')}) {
  return Boolean(features[name]);
}
`;
    case 2:
      return `export function parseScope(header${t(': string')}) {
  const scope = header.split(/[ +]/).filter(Boolean);
  return { scope, canWrite: scope.includes('${noun}:write') };
}
`;
    case 3:
      return `export async function call${cap(noun)}Api(token${t(': string')}) {
  const res = await fetch('https://api.example.com/v2/${noun}s', { headers: { Authorization: \`Bearer \${token}\` } });
  return res.json();
}
`;
    default:
      return `export const locations = [{ id: 'loc-${g.int(1, 99)}', address: '${g.int(1, 999)} Main St', city: 'Springfield' }];
`;
  }
}

function component(g: Gen, noun: string): string {
  const N = cap(noun);
  return `import React, { useEffect, useState } from 'react';

export interface ${N}ListProps {
  ${noun}s: Array<{ id: string; title: string; status: string }>;
  onSelect(id: string): void;
}

export function ${N}List({ ${noun}s, onSelect }: ${N}ListProps) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(${g.int(0, 3)});
  useEffect(() => setPage(0), [query]);
  const visible = ${noun}s.filter((x) => x.title.toLowerCase().includes(query.toLowerCase())).slice(page * 20, page * 20 + 20);
  return (
    <section className="${noun}-list">
      <input value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Search ${noun}s" />
      <ul>
        {visible.map((x) => (
          <li key={x.id} className={x.status} onClick={() => onSelect(x.id)}>
            {x.title}
          </li>
        ))}
      </ul>
      <button disabled={page === 0} onClick={() => setPage(page - 1)}>Previous</button>
      <button onClick={() => setPage(page + 1)}>Next</button>
    </section>
  );
}
`;
}

function testFile(g: Gen, noun: string): string {
  const N = cap(noun);
  const cases = Array.from({ length: g.int(2, 6) }, (_, i) => `  it('${g.pick(VERBS)}s ${g.pick(ADJ)} ${noun}s (${i})', () => {
    const items = [{ id: '${i}', title: 'b', status: 'active', updatedAt: 0 }, { id: '${i + 1}', title: 'a', status: 'active', updatedAt: 0 }];
    expect(items.map((x) => x.id)).toHaveLength(2);
  });
`).join('\n');
  return `import { describe, expect, it } from 'vitest';

describe('${N}', () => {
${cases}});
`;
}

function handler(g: Gen, noun: string): string {
  return `'use strict';
const express = require('express');
const router = express.Router();

router.get('/${noun}s', async (req, res, next) => {
  try {
    const page = Number(req.query.page || 1);
    const rows = await req.db.query('select * from ${noun}s order by id limit $1 offset $2', [${g.int(10, 50)}, (page - 1) * ${g.int(10, 50)}]);
    res.json({ page, rows });
  } catch (err) {
    next(err);
  }
});

router.post('/${noun}s', async (req, res) => {
  if (!req.body || typeof req.body.title !== 'string') return res.status(400).json({ error: 'title required' });
  const row = await req.db.insert('${noun}s', { title: req.body.title, owner: req.user.id });
  res.status(201).json(row);
});

module.exports = router;
`;
}

/** The example consumer app's source files (deprecated usage), relative paths and texts. */
function deprecatedSources(): Array<{ rel: string; text: string }> {
  const root = fileURLToPath(new URL(import.meta.url.includes('/dist/') ? '../../examples/consumer-app/src/' : '../examples/consumer-app/src/', import.meta.url));
  const out: Array<{ rel: string; text: string }> = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|js)$/.test(name)) out.push({ rel: path.relative(root, full), text: readFileSync(full, 'utf8') });
    }
  };
  walk(root);
  return out;
}

/** Writes the corpus into `dir` (emptied first). */
export function generateCorpus(dir: string, opts: Partial<CorpusOptions> = {}): CorpusSummary {
  const { files = 5000, seed = 1, rate = 0.01 } = opts;
  const g = gen(seed);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const deprecated = deprecatedSources();
  const deprecatedCount = Math.round(files * rate);
  const deprecatedAt = new Set<number>();
  while (deprecatedAt.size < Math.min(deprecatedCount, files)) deprecatedAt.add(g.int(0, files - 1));
  let bytes = 0;
  let configFiles = 0;
  const write = (rel: string, text: string): void => {
    const full = path.join(dir, rel);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
    bytes += Buffer.byteLength(text);
  };
  write('package.json', JSON.stringify({ name: 'bench-monorepo', private: true, workspaces: ['packages/*'] }, null, 2) + '\n');
  write('.gitignore', 'node_modules/\ndist/\ncoverage/\n');
  const perPackage = 60;
  let deprecatedIndex = 0;
  for (let i = 0; i < files; i++) {
    const pkg = `packages/pkg-${String(Math.floor(i / perPackage)).padStart(3, '0')}`;
    if (i % perPackage === 0) {
      write(`${pkg}/package.json`, JSON.stringify({ name: `@bench/${path.basename(pkg)}`, version: `1.${g.int(0, 9)}.0`, main: 'dist/index.js' }, null, 2) + '\n');
      write(`${pkg}/tsconfig.json`, JSON.stringify({ extends: '../../tsconfig.base.json', compilerOptions: { outDir: 'dist' }, include: ['src'] }, null, 2) + '\n');
      configFiles += 2;
    }
    const noun = g.pick(NOUNS);
    if (deprecatedAt.has(i)) {
      const src = deprecated[deprecatedIndex++ % deprecated.length];
      write(`${pkg}/src/api/${i}-${path.basename(src.rel)}`, `// ${pkg} copy ${i}\n${src.text}`);
      continue;
    }
    const kind = g.int(0, 9);
    if (kind <= 1) {
      write(`${pkg}/src/components/${cap(noun)}List${i}.tsx`, component(g, noun));
    } else if (kind === 2) {
      write(`${pkg}/test/${noun}-${i}.test.ts`, testFile(g, noun));
    } else if (kind === 3) {
      write(`${pkg}/server/routes/${noun}s-${i}.js`, handler(g, noun));
    } else {
      const ts = kind <= 7;
      const blocks = Array.from({ length: g.int(2, 12) }, () => helper(g, noun, ts));
      if (g.r() < 0.03) blocks.push(lookAlike(g, noun, ts));
      const head = ts ? `import type { HttpClient } from '../http';\nimport { normalize${cap(noun)} } from './normalize';\nimport type { ${cap(noun)}, ${cap(noun)}State } from './types';\n\n` : `import { normalize${cap(noun)} } from './normalize.js';\n\n`;
      write(`${pkg}/src/${noun}/${g.pick(VERBS)}-${i}.${ts ? 'ts' : 'js'}`, head + blocks.join('\n'));
    }
  }
  return { dir, sourceFiles: files, configFiles, deprecatedFiles: deprecatedAt.size, bytes };
}

function main(argv: string[]): void {
  const dir = argv.find((a, i) => !a.startsWith('--') && !(i > 0 && argv[i - 1].startsWith('--')));
  if (!dir) {
    process.stderr.write('usage: gen-corpus <dir> [--files N] [--seed N] [--rate R]\n');
    process.exitCode = 2;
    return;
  }
  const num = (flag: string): number | undefined => {
    const i = argv.indexOf(flag);
    return i >= 0 ? Number(argv[i + 1]) : undefined;
  };
  const summary = generateCorpus(path.resolve(dir), { files: num('--files'), seed: num('--seed'), rate: num('--rate') });
  process.stdout.write(`${JSON.stringify(summary)}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main(process.argv.slice(2));
