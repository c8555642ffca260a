/**
 * Issue 26, hold-out set 20 after its first run (docs/evaluation.md, "Set 20 after set20fix"): the shapes behind
 * its unsafe fix and false positives, each with the platform's case that must still be found and look-alikes that
 * must stay quiet (synthesized code, nothing copied from the set's repositories). Projects are small trees in a
 * temporary folder (a `.git` folder marks the root).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import type { Match } from '../engine/types.js';
import { loadedSpecifiersIn } from '../engine/project/context.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const only = (...ids: string[]): AnalyzeOptions => ({ catalog, notices: catalog.notices.filter((n) => ids.includes(n.id)), engine: { today: '2026-11-28' } });
const summary = (m: Match): string => `${m.noticeId} ${m.loc.start.line} ${m.confidence}`;
const project = tempProjects('cm-holdout20-shapes-');
const scan = (files: Record<string, string>, rel: string, ...ids: string[]): string[] => analyzeFile({ filename: path.join(project(files), rel), text: files[rel] }, only(...ids)).matches.map(summary);

const GET_CT = 'get-request-content-type';

describe('a base URL read from the object a getter gives (`const config = getConfig(); config.apiBaseUrl`)', () => {
  /** A GET helper whose base is `config.apiBaseUrl`, with `getter` defining `getConfig()` around the base expression. */
  const helper = (getter: string): string => `${getter}
async function apiRequest(endpoint: string, options: RequestInit = {}) {
  const config = getConfig();
  const response = await fetch(\`\${config.apiBaseUrl}\${endpoint}\`, {
    ...options,
    headers: { Authorization: \`Bearer \${config.accessToken}\`, 'Content-Type': 'application/json' },
  });
  return response.json();
}
export const profile = (id: string) => apiRequest(\`/people/\${id}\`);
`;
  /** A getter memoising its object in a module-level `let`. */
  const memoised = (base: string): string => `let cached: { accessToken: string; apiBaseUrl: string } | null = null;
function getConfig() {
  if (cached) return cached;
  cached = { accessToken: process.env.TOKEN ?? '', apiBaseUrl: ${base} };
  return cached;
}`;
  /** A getter returning its object literal directly. */
  const direct = (base: string): string => `function getConfig() {
  return { accessToken: process.env.TOKEN ?? '', apiBaseUrl: ${base} };
}`;
  /** The Content-Type line: the getter's lines, then the helper's fifth line. */
  const line = (getter: string): number => getter.split('\n').length + 5;

  it('look-alike: another service\'s host as the fallback of an environment variable, memoised or returned directly, stays quiet', () => {
    const other = "process.env.LINKEDIN_API_URL || 'https://api.linkedin.com/v2'";
    expect(scan({ 'src/linkedin.ts': helper(memoised(other)) }, 'src/linkedin.ts', GET_CT)).toEqual([]);
    expect(scan({ 'src/linkedin.ts': helper(direct(other)) }, 'src/linkedin.ts', GET_CT)).toEqual([]);
    // Another service's host written as the base itself.
    expect(scan({ 'src/linkedin.ts': helper(memoised("'https://api.linkedin.com/v2'")) }, 'src/linkedin.ts', GET_CT)).toEqual([]);
  });

  it('positive: the same helpers whose fallback is the platform\'s host are still reported', () => {
    const platform = "process.env.WEBEX_API_URL || 'https://webexapis.com/v1'";
    expect(scan({ 'src/webex.ts': helper(memoised(platform)) }, 'src/webex.ts', GET_CT)).toEqual([`${GET_CT} ${line(memoised(platform))} certain`]);
    expect(scan({ 'src/webex.ts': helper(direct(platform)) }, 'src/webex.ts', GET_CT)).toEqual([`${GET_CT} ${line(direct(platform))} certain`]);
  });

  it('positive: a memoised variable assigned more than one object is not read (the API path decides, as before)', () => {
    const twice = memoised("process.env.LINKEDIN_API_URL || 'https://api.linkedin.com/v2'").replace(
      'return cached;\n}',
      "return cached;\n}\nexport function reset() {\n  cached = { accessToken: '', apiBaseUrl: process.env.OTHER_URL ?? '' };\n}",
    );
    expect(scan({ 'src/two.ts': helper(twice) }, 'src/two.ts', GET_CT).map((s) => s.split(' ')[0])).toEqual([GET_CT]);
  });
});

const CORS = 'cors-localhost-origins';

/** A Next.js app: a server module calling the API, a module importing it as `link` says, a client component importing that module. */
const nextApp = (link: string, extra: Record<string, string> = {}): Record<string, string> => ({
  'package.json': JSON.stringify({ name: 'app', private: true, dependencies: { next: '^15.3.3', react: '^19.1.0', 'react-dom': '^19.1.0' } }),
  'src/lib/webex/index.ts': `export interface WebexSpace { id: string; title: string }
export async function listSpaces(token: string): Promise<WebexSpace[]> {
  const r = await fetch('https://webexapis.com/v1/rooms', { headers: { Authorization: \`Bearer \${token}\` } });
  return (await r.json()).items;
}
`,
  'src/lib/webex/display.ts': `${link}
export const label = (s: { title: string }): string => s.title.trim();
`,
  'src/components/picker.tsx': `'use client';
import { label } from '../lib/webex/display';
export function Picker({ spaces }: { spaces: Array<{ title: string }> }) { return spaces.map(label).join(', '); }
`,
  ...extra,
});
const INDEX = 'src/lib/webex/index.ts';

describe('an import of types only loads nothing into a client bundle (cors-localhost-origins)', () => {
  it('look-alikes: `import type`, `import { type X }` (every name a type), `export type ... from` stay quiet', () => {
    for (const link of [
      'import type { WebexSpace } from "./index";',
      "import type * as Webex from './index';",
      "import { type WebexSpace } from './index';",
      "import { type WebexSpace, type WebexSpace as Space } from './index';",
      "export type { WebexSpace } from './index';",
      "export { type WebexSpace } from './index';",
    ]) {
      expect(scan(nextApp(link), INDEX, CORS), link).toEqual([]);
    }
  });

  it('positive: a value import, also beside a type import or a type-only import of the same module, still makes it browser code', () => {
    for (const link of [
      "import { listSpaces } from './index';",
      "import { type WebexSpace, listSpaces } from './index';",
      "import type { WebexSpace } from './index';\nimport { listSpaces } from './index';",
      "import { type } from './index';",
      "import type from './index';",
    ]) {
      expect(scan(nextApp(link), INDEX, CORS), link).toEqual([`${CORS} 3 certain`]);
    }
  });

  it('positive: a client component importing the module itself is still evidence; its own type-only import is not', () => {
    const direct = (link: string): Record<string, string> =>
      nextApp('', { 'src/components/list.tsx': `'use client';\n${link}\nexport function List() { return null; }\n` });
    expect(scan(direct("import { listSpaces } from '../lib/webex';"), INDEX, CORS)).toEqual([`${CORS} 3 certain`]);
    expect(scan(direct("import type { WebexSpace } from '../lib/webex';"), INDEX, CORS)).toEqual([]);
  });

  it('loadedSpecifiersIn keeps what loads a module and drops imports of types only', () => {
    const text = [
      "import type { A } from './types';",
      "import { type B, c } from './mixed';",
      "import { type D } from './erased';",
      "export type { E } from './reexported';",
      "import type from './default-named-type';",
      "import './side-effect';",
      "const lazy = () => import('./lazy');",
    ].join('\n');
    expect(loadedSpecifiersIn(text).sort()).toEqual(['./default-named-type', './lazy', './mixed', './side-effect']);
  });
});

describe("a `'use server'` module's imports run on the server (cors-localhost-origins)", () => {
  /** The importing module as Server Actions (or not, `directive` empty), imported by a client hook. */
  const actions = (directive: string, extra: Record<string, string> = {}): Record<string, string> => ({
    ...nextApp('', extra),
    'src/lib/webex/display.ts': 'export const label = (s: { title: string }): string => s.title;\n',
    'src/app/actions/spaces.ts': `${directive}
import { listSpaces } from '@/lib/webex';
export async function spacesFor(token: string) { return (await listSpaces(token)).map((s) => s.id); }
`,
    'src/components/use-spaces.ts': `'use client';
import { useState } from 'react';
import { spacesFor } from '@/app/actions/spaces';
export function useSpaces() { const [s] = useState<string[]>([]); void spacesFor; return s; }
`,
    'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@/*': ['./src/*'] } } }),
  });

  it("look-alike: a module imported by a `'use server'` actions file that a client hook imports stays quiet", () => {
    expect(scan(actions("'use server';"), INDEX, CORS)).toEqual([]);
    expect(scan(actions('"use server"'), INDEX, CORS)).toEqual([]);
  });

  it('positive: the same chain through a module without the directive still makes it browser code', () => {
    expect(scan(actions(''), INDEX, CORS)).toEqual([`${CORS} 3 certain`]);
    // A directive that is not the first statement is no directive.
    expect(scan(actions("export const kind = 'x';\n'use server';"), INDEX, CORS)).toEqual([`${CORS} 3 certain`]);
  });

  it("positive: a client component that imports the module itself still counts beside a `'use server'` importer", () => {
    const both = actions("'use server';", { 'src/components/list.tsx': "'use client';\nimport { listSpaces } from '../lib/webex';\nexport function List() { void listSpaces; return null; }\n" });
    expect(scan(both, INDEX, CORS)).toEqual([`${CORS} 3 certain`]);
  });
});

const SHA1 = 'webhook-signature-sha1';

describe('a WebCrypto HMAC digest turned into hex through a constructor and array methods, compared with `===` (webhook-signature-sha1)', () => {
  /** A Deno handler's check: SHA-1 WebCrypto key, `crypto.subtle.sign`, the digest as hex by `toHex`, compared by `compare`. */
  const verifier = (toHex: string, compare: string): string => `const SECRET = Deno.env.get('WEBEX_WEBHOOK_SECRET') ?? '';
async function verifySignature(rawBody: string, signature: string): Promise<boolean> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(SECRET), { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
  const sig = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(rawBody));
  const hex = ${toHex};
  return ${compare};
}
Deno.serve(async (req) => {
  const raw = await req.text();
  if (!(await verifySignature(raw, req.headers.get('x-spark-signature') ?? ''))) return new Response('no', { status: 401 });
  return new Response('ok');
});
`;
  const arrayHex = "Array.from(new Uint8Array(sig))\n    .map((b) => b.toString(16).padStart(2, '0'))\n    .join('')";
  const run = (text: string): string[] => scan({ 'functions/webhook/index.ts': text }, 'functions/webhook/index.ts', SHA1);

  it('positive: `hex === signature` where hex is `Array.from(new Uint8Array(sig)).map(...).join("")` of the digest', () => {
    expect(run(verifier(arrayHex, 'hex === signature'))).toEqual([`${SHA1} 3 certain`, `${SHA1} 8 certain`]);
    // Spread into an array instead of Array.from.
    expect(run(verifier("[...new Uint8Array(sig)].map((b) => b.toString(16).padStart(2, '0')).join('')", 'signature !== hex ? false : true'))).toEqual([`${SHA1} 3 certain`, `${SHA1} 6 certain`]);
  });

  it('look-alikes: the same hex compared in constant time, or a compare of bytes that are not the digest, flag only the SHA-1 key', () => {
    const constantTime = 'hex.length === signature.length && [...hex].reduce((d, c, i) => d | (c.charCodeAt(0) ^ signature.charCodeAt(i)), 0) === 0';
    expect(run(verifier(arrayHex, constantTime))).toEqual([`${SHA1} 3 certain`]);
    const other = arrayHex.replace('new Uint8Array(sig)', 'new Uint8Array(new TextEncoder().encode(rawBody))');
    expect(run(verifier(other, 'hex === signature'))).toEqual([`${SHA1} 3 certain`]);
  });
});

const GUEST = 'guest-issuer-end-of-life';

describe("a guest token minted with Deno's djwt and a WebCrypto key from the base64-decoded secret (guest-issuer-end-of-life)", () => {
  /** A Deno function: djwt imported from `from`, the key's bytes `bytes`, the payload `claims`; the signing on line 8. */
  const minter = (from: string, bytes: string, claims = "{ sub: userId, name: displayName, iss: ISSUER, exp: getNumericDate(3600) }"): string => `import { create, getNumericDate } from '${from}';
const ISSUER = Deno.env.get('GUEST_ISSUER_ID') ?? '';
const SECRET = Deno.env.get('GUEST_SHARED_SECRET') ?? '';
export async function guestToken(userId: string, displayName: string): Promise<string> {
  const raw = ${bytes};
  const key = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const payload = ${claims};
  return await create({ alg: 'HS256', typ: 'JWT' }, payload, key);
}
`;
  const run = (text: string): string[] => scan({ 'functions/guest/index.ts': text }, 'functions/guest/index.ts', GUEST);
  const atob = 'Uint8Array.from(atob(SECRET), (c) => c.charCodeAt(0))';

  it('positive: `create(header, payload, key)` of djwt (deno.land or jsr), the key `atob`- or `decodeBase64`-decoded', () => {
    expect(run(minter('https://deno.land/x/djwt@v3.0.2/mod.ts', atob))).toEqual([`${GUEST} 8 certain`]);
    expect(run(minter('jsr:@zaubrik/djwt@3', 'decodeBase64(SECRET)'))).toEqual([`${GUEST} 8 certain`]);
  });

  it('look-alikes: the secret used as text, a `create` of another module, an app token without guest claims stay quiet', () => {
    expect(run(minter('https://deno.land/x/djwt@v3.0.2/mod.ts', 'new TextEncoder().encode(SECRET)'))).toEqual([]);
    expect(run(minter('https://deno.land/x/jwtlike@v1/mod.ts', atob))).toEqual([]);
    expect(run(minter('https://deno.land/x/djwt@v3.0.2/mod.ts', atob, '{ sub: userId, role: displayName, exp: getNumericDate(3600) }'))).toEqual([]);
  });

  it("guest-jwt-exp-integer on the same signing: djwt's `getNumericDate(...)` is quiet, an unrounded division is reported", () => {
    const exp = (claims: string): string[] => scan({ 'functions/guest/index.ts': minter('https://deno.land/x/djwt@v3.0.2/mod.ts', atob, claims) }, 'functions/guest/index.ts', 'guest-jwt-exp-integer');
    expect(exp('{ sub: userId, name: displayName, iss: ISSUER, exp: getNumericDate(3600) }')).toEqual([]);
    expect(exp('{ sub: userId, name: displayName, iss: ISSUER, exp: Date.now() / 1000 + 3600 }')).toEqual(['guest-jwt-exp-integer 7 certain']);
  });
});
