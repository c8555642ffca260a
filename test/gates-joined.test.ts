/**
 * Gates on a file's text joined with the strings of the modules it imports (Detector.mayMatchJoined,
 * engine/analyze.ts): guest-issuer-end-of-life lets the login path come from another module, but not the parts
 * of its gate about the file's own code (`Buffer`, a JWT signing), which imported strings never make true.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFile, sourceCandidates, type AnalyzeOptions } from '../engine/analyze.js';
import { loadCatalog } from '../engine/catalog/catalog.js';
import { tempProjects } from './helpers/temp-project.js';

const catalog = loadCatalog();
const opts: AnalyzeOptions = { catalog, notices: catalog.notices.filter((n) => n.id === 'guest-issuer-end-of-life') };
const projects = tempProjects('cm-joined-');
/** A project whose files are all in `src/`. */
const project = (files: Record<string, string>): string => projects(Object.fromEntries(Object.entries(files).map(([name, text]) => [`src/${name}`, text])));

const analyse = (root: string, name: string, text: string) => {
  const filename = path.join(root, 'src', name);
  return { candidates: sourceCandidates(text, opts, undefined, filename).map((p) => p.notice.id), result: analyzeFile({ filename, text }, opts) };
};

describe('gates on a text joined with its imports', () => {
  it('a file with Buffer and base64 is not parsed because an imported module names jwt in a string', () => {
    const text = `import { label } from './labels';\nexport const data = Buffer.from(label, 'base64');\nfetch('/api/documents');\n`;
    const root = project({ 'labels.ts': `export const label = 'jwt-free text, from @server/utils/jwt';\n`, 'doc.ts': text });
    const { candidates, result } = analyse(root, 'doc.ts', text);
    expect(candidates).toEqual([]);
    expect(result.parsed).toBe(false);
  });

  it('a guest token signed with a key an imported module decodes from base64: parsed and reported', () => {
    const text = `import jwt from 'jsonwebtoken';\nimport { SECRET } from './secret';\nexport const guest = () => jwt.sign({ sub: 'guest-1', name: 'Guest', iss: 'issuer-id' }, SECRET);\n`;
    const root = project({ 'secret.ts': `export const SECRET = Buffer.from(process.env.GUEST_SECRET ?? '', 'base64');\n`, 'guest.ts': text });
    const { candidates, result } = analyse(root, 'guest.ts', text);
    expect(candidates).toEqual(['guest-issuer-end-of-life']);
    expect(result.matches.map((m) => m.messageId)).toEqual(['guestTokenSigned']);
  });

  it('a file that only names jwt (a type import), without a signing call, is not parsed for an imported base64 string', () => {
    // An OAuth router of outline: `import type { JwtPayload } from "jsonwebtoken"`, a comment about signing in, and
    // a module it imports listing `data:image/png;base64,` prefixes.
    const text = `import type { JwtPayload } from 'jsonwebtoken';\nimport { PREFIXES } from './prefixes';\n// users sign in here (sign-in flow)\nexport const ok = (p: JwtPayload, u: string) => PREFIXES.some((x) => u.startsWith(x)) && p.sub;\nfetch('/auth/callback');\n`;
    const root = project({ 'prefixes.ts': `export const PREFIXES = ['data:image/png;base64,', 'https:'];\n`, 'router.ts': text });
    expect(analyse(root, 'router.ts', text).candidates).toEqual(['guest-issuer-end-of-life']); // "sign-in" in the comment: the word is there
    for (const variant of [text.replace('// users sign in here (sign-in flow)\n', ''), text.replace('users sign in here (sign-in flow)', 'a fresh sign-in')]) {
      const { candidates, result } = analyse(root, 'router.ts', variant);
      expect(candidates).toEqual([]);
      expect(result.parsed).toBe(false);
    }
  });

  it('the login path written in an imported constant still makes the file parsed, and reported', () => {
    const text = `import { LOGIN } from './urls';\nexport const go = (jwt: string) => fetch(LOGIN, { method: 'POST', headers: { Authorization: 'Bearer ' + jwt } });\n`;
    const root = project({ 'urls.ts': `export const LOGIN = 'https://webexapis.com/v1/jwt/login';\n`, 'login.ts': text });
    const { candidates, result } = analyse(root, 'login.ts', text);
    expect(candidates).toEqual(['guest-issuer-end-of-life']);
    expect(result.matches.map((m) => m.noticeId)).toEqual(['guest-issuer-end-of-life']);
  });
});

describe('a gate that reads only an API URL, failing on the file\'s own text, is tried on its imports (Detector.gateOnImportedUrls)', () => {
  const auth: AnalyzeOptions = { catalog, notices: catalog.notices.filter((n) => n.id === 'authorization-bearer-scheme') };
  // `/events` (an API path word) only in a method name: the prefilter lets the file through, the gate does not on its own text.
  const text = `import { ROOMS } from './urls';\n// calls /events.list too\nexport const list = (token: string) => fetch(ROOMS, { headers: { Authorization: token } });\n`;
  const run = (urls: string) => {
    const root = project({ 'urls.ts': urls, 'rooms.ts': text });
    const filename = path.join(root, 'src', 'rooms.ts');
    return { candidates: sourceCandidates(text, auth, undefined, filename).map((p) => p.notice.id), result: analyzeFile({ filename, text }, auth) };
  };

  it('the API URL in an imported constant: parsed and reported', () => {
    const { candidates, result } = run(`export const ROOMS = 'https://webexapis.com/v1/rooms';\n`);
    expect(candidates).toEqual(['authorization-bearer-scheme']);
    expect(result.matches.map((m) => m.messageId)).toEqual(['bareToken']);
    expect(Object.keys(result.dependencies ?? {}).filter((f) => !f.startsWith('\0')).map((f) => path.basename(f))).toEqual(['urls.ts']);
  });

  it('another host in the imported constant: not parsed, its read recorded', () => {
    const { candidates, result } = run(`export const ROOMS = 'https://example.com/rooms';\n`);
    expect(candidates).toEqual([]);
    expect(result.parsed).toBe(false);
    expect(Object.keys(result.dependencies ?? {}).filter((f) => !f.startsWith('\0')).map((f) => path.basename(f))).toEqual(['urls.ts']);
  });
});

describe('a detection that only imported strings would select asks where the file runs (Detector.mayMatchFile)', () => {
  const cors: AnalyzeOptions = { catalog, notices: catalog.notices.filter((n) => n.id === 'cors-localhost-origins') };
  // The host is only in an imported constant: the file holds none of the detection's tokens itself.
  const call = `import { BASE } from './hosts';\nexport const me = (token: string) => fetch(\`\${BASE}/v1/people/me\`, { headers: { Authorization: 'Bearer ' + token } });\n`;
  const hosts = `export const BASE = 'https://webexapis.com';\n`;
  const run = (files: Record<string, string>, name: string) => {
    const root = project(files);
    const filename = path.join(root, 'src', name);
    const text = files[name];
    return { candidates: sourceCandidates(text, cors, undefined, filename).map((p) => p.notice.id), result: analyzeFile({ filename, text }, cors) };
  };

  it('server-side code (no browser global, nothing in the project says browser): not parsed', () => {
    const { candidates, result } = run({ 'hosts.ts': hosts, 'me.ts': call }, 'me.ts');
    expect(candidates).toEqual([]);
    expect(result.parsed).toBe(false);
  });

  it('a file that reads a browser global: parsed and reported', () => {
    const text = `${call}export const where = () => window.location.href;\n`;
    const { candidates, result } = run({ 'hosts.ts': hosts, 'me.ts': text }, 'me.ts');
    expect(candidates).toEqual(['cors-localhost-origins']);
    expect(result.matches.map((m) => m.messageId)).toEqual(['browserCallsApi']);
  });

  it('a module the project says runs in a browser (an importer reads browser globals): parsed and reported', () => {
    const page = `import { me } from './me';\ndocument.title = 'x';\nme('t');\n`;
    const { candidates, result } = run({ 'hosts.ts': hosts, 'me.ts': call, 'page.ts': page }, 'me.ts');
    expect(candidates).toEqual(['cors-localhost-origins']);
    expect(result.matches.map((m) => m.messageId)).toEqual(['browserCallsApi']);
  });
});
