/**
 * Hold-out set 29 after its first run (docs/evaluation.md, "Thirtieth session: setfix30b"): the shapes behind its
 * false positives, each with look-alikes that must stay quiet and the platform's case that must stay reported
 * (synthesized code, nothing copied from the set's repositories): another vendor's `family:name` permission strings
 * in a multi-vendor connector, near a platform scope family only by two edits of a short word; an HMAC-SHA1 that signs
 * another vendor's outgoing requests; and an authorize URL whose base is a literal of another module while only a query
 * value comes from an environment file.
 * Projects are small trees in a temporary folder (a `.git` folder marks the root).
 */
import { describe, expect, it } from 'vitest';
import { shapeScans } from './helpers/temp-project.js';

const { project, matches, summary, scan } = shapeScans('cm-holdout29-shapes-', '2026-11-29');
const lineOf = (text: string, needle: string): number => text.slice(0, text.indexOf(needle)).split('\n').length;

const SCOPE = 'oauth-scope-unknown';
const SHA1 = 'webhook-signature-sha1';
const STATE = 'oauth-authorize-state-missing';

describe('another vendor\'s `family:name` strings taken for misspelt platform scope families (oauth-scope-unknown)', () => {
  /**
   * A provider module: a permission map whose values a list of required scopes reads; `extra` goes on top. Its
   * `identity:` key (as the fixture's `application:`) is a platform family's prefix, what lets the file past the
   * detection's prefilter.
   */
  const permissions = (family: string, extra = ''): string => `${extra}
interface DriveActionOptions {
  readonly service: string;
  readonly identity: 'user' | 'bot';
}

export const drivePermissions = {
  shortcut: '${family}:document:shortcut',
  download: 'drive:file:download',
};

export const actions = [
  { name: 'create_shortcut', requiredScopes: [drivePermissions.shortcut] },
  { name: 'download_file', requiredScopes: [drivePermissions.download] },
];
`;
  /** A test fixture: a token introspection answer whose `scope` lists another vendor's scopes. */
  const introspection = (scope: string, extra = ''): string => `${extra}
import { expect, it } from 'vitest';
import { validate } from './validate.js';

it('records the granted scopes', async () => {
  const result = await validate({
    fetcher: async () => Response.json({ authorization: { id: 'a-1', scope: '${scope}' }, application: { id: 'app-1' } }),
  });
  expect(result.granted).toEqual(['sites:read', 'cms:read']);
});
`;

  it('look-alikes: a permission map of another vendor (`space:` two edits from `spark`) in a file naming nothing of the platform stays quiet', () => {
    const text = permissions('space');
    expect(scan({ 'src/providers/drive/actions.ts': text }, 'src/providers/drive/actions.ts', SCOPE)).toEqual([]);
  });

  it('look-alike: a test fixture\'s `scope: \'sites:read,cms:read\'` (`cms` two edits from `cjp`) stays quiet', () => {
    const text = introspection('sites:read,cms:read');
    expect(scan({ 'src/providers/cms/validate.test.ts': text }, 'src/providers/cms/validate.test.ts', SCOPE)).toEqual([]);
  });

  it('positive: the same misspelt family in a file that names the platform (its API host, or a platform scope beside it) stays reported', () => {
    const named = permissions('spak', "// Webex permissions, checked against https://webexapis.com/v1/authorize\n");
    expect(scan({ 'src/providers/webex/actions.ts': named }, 'src/providers/webex/actions.ts', SCOPE)).toEqual([`${SCOPE} ${lineOf(named, "'spak:")} certain`]);
    const beside = "export const scopes = ['spark:all', 'spark-amdin:peoples_reads'];\n";
    expect(scan({ 'src/scopes.ts': beside }, 'src/scopes.ts', SCOPE)).toEqual([`${SCOPE} 1 certain`]);
    const fixture = introspection('spark:all,cms:read');
    expect(scan({ 'src/validate.test.ts': fixture }, 'src/validate.test.ts', SCOPE)).toEqual([`${SCOPE} ${lineOf(fixture, 'cms:read')} certain`]);
  });

  it('positive: a misspelt scope of a family spelled exactly needs no other evidence', () => {
    const text = "export const config = { scopes: ['spark:admin_people_read'] };\n";
    expect(scan({ 'src/auth.ts': text }, 'src/auth.ts', SCOPE)).toEqual([`${SCOPE} 1 certain`]);
  });
});

describe('an HMAC-SHA1 signing another vendor\'s outgoing requests taken for a webhook verifier (webhook-signature-sha1)', () => {
  /** A REST client signing its requests; `fn` is the signing function's declaration keyword, `use` how the caller uses its result. */
  const client = (opts: { exported?: boolean; use?: string; name?: string } = {}): string => {
    const name = opts.name ?? 'createVendorSignature';
    const use = opts.use ?? "headers.set('authorization', `Vendor ${publicKey}:${signature}`);";
    return `import { createHash, createHmac } from 'node:crypto';

export function signRequest(method: string, url: URL, body: string, headers: Headers, publicKey: string, secretKey: string): void {
  const date = new Date().toUTCString();
  headers.set('date', date);
  const signature = ${name}({ method, body, date, uri: url.pathname, secretKey });
  ${use}
}

${opts.exported ? 'export ' : ''}function ${name}(input: { method: string; body: string; date: string; uri: string; secretKey: string }): string {
  const contentMd5 = createHash('md5').update(input.body).digest('hex');
  const signString = [input.method.toUpperCase(), contentMd5, input.date, input.uri].join('\\n');
  return createHmac('sha1', input.secretKey).update(signString).digest('hex');
}
`;
  };

  it('look-alike: a module function whose digest only goes into the outgoing request\'s Authorization header stays quiet', () => {
    expect(scan({ 'src/vendor/runtime.ts': client() }, 'src/vendor/runtime.ts', SHA1)).toEqual([]);
    // Into the headers object of the request instead.
    const object = client({ use: "void fetch(url, { method, headers: { Authorization: `Vendor ${publicKey}:${signature}`, Date: date } });" });
    expect(scan({ 'src/vendor/runtime.ts': object }, 'src/vendor/runtime.ts', SHA1)).toEqual([]);
  });

  it('positive: an exported signature helper, or one whose digest its caller returns (to be compared elsewhere), stays reported (likely)', () => {
    const exported = client({ exported: true });
    expect(scan({ 'src/webhooks.ts': exported }, 'src/webhooks.ts', SHA1)).toEqual([`${SHA1} ${lineOf(exported, "'sha1'")} likely`]);
    const returned = client({ use: 'return void signature;' }).replace('return void signature;', 'console.log(signature);');
    expect(scan({ 'src/webhooks.ts': returned }, 'src/webhooks.ts', SHA1)).toEqual([`${SHA1} ${lineOf(returned, "'sha1'")} likely`]);
  });
});

describe('an authorize URL on another module\'s literal base with a query value from an environment file (oauth-authorize-state-missing)', () => {
  const CONFIG = `export const PlatformConfig = {
  clientId: process.env.PLATFORM_CLIENT_ID,
  redirectUri: process.env.PLATFORM_REDIRECT_URI,
  apiBaseUrl: 'https://webexapis.com/v1',
};
`;
  const SERVICE = `import { PlatformConfig } from './config';

export class IntegrationService {
  authorize() {
    return {
      url: \`\${PlatformConfig.apiBaseUrl}/authorize?client_id=\${PlatformConfig.clientId}&response_type=code&redirect_uri=\${PlatformConfig.redirectUri}\`,
    };
  }
}
`;
  const ENV = 'PLATFORM_CLIENT_ID=C123\nPLATFORM_REDIRECT_URI=https://api.example.net/callback\n';

  it('positive: the base is a literal, so the missing state is certain (the redirect URI\'s example value is no assumption about where the URL goes)', () => {
    const files = { 'src/config.ts': CONFIG, 'src/service.ts': SERVICE, 'sample.env': ENV };
    expect(scan(files, 'src/service.ts', STATE)).toEqual([`${STATE} ${lineOf(SERVICE, 'url:')} certain`]);
  });

  it('look-alike: a base that is itself the environment file\'s value stays likely, naming that variable', () => {
    const service = SERVICE.replace('${PlatformConfig.apiBaseUrl}', '${process.env.PLATFORM_API_BASE}');
    const files = { 'src/config.ts': CONFIG, 'src/service.ts': service, 'sample.env': `${ENV}PLATFORM_API_BASE=https://webexapis.com/v1\n` };
    const found = matches(project(files), files, 'src/service.ts', STATE);
    expect(found.map(summary)).toEqual([`${STATE} ${lineOf(service, 'url:')} likely`]);
    expect(found[0].confidenceReason).toContain('PLATFORM_API_BASE');
  });
});
