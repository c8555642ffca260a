// Seed section 7: "`PATCH /licenses` ... some succeed and some fail ... status 206 Partial Content" (was 400, none assigned).
import type { TSESTree } from '@typescript-eslint/utils';
import { isFunctionNode, memberName, unwrap, type Node } from '../parse/file-context.js';
import type { Detector, RawMatch } from '../detectors/detector.js';
import { getRequests, urlPath } from '../api/index.js';
import type { CustomDetection } from '../types.js';
import { detectionPathGates, passesPathGates } from '../prefilter/gates.js';

/** `PATCH /licenses` of the seed; the public API assigns at `PATCH /licenses/users`. */
const DEFAULT_PATHS = ['/licenses(/users)?/?$'];
const DEFAULT_PARAMS = { paths: DEFAULT_PATHS };
const STATUS = /^(status|statusCode)$/;

/** `x.status`, `status` (a destructured or local name) compared with a number. */
function isStatusRead(n: Node): boolean {
  const u = unwrap(n);
  if (u.type === 'MemberExpression') return STATUS.test(memberName(u) ?? '');
  return u.type === 'Identifier' && STATUS.test(u.name);
}

export const licensePartialSuccess: Detector<CustomDetection> = {
  kind: 'license-partial-success',
  messages: {
    onlyOkIsSuccess: '`PATCH /licenses` answers 206 when some licenses are assigned and some fail; this check looks for 200 only. {{instead}}',
    badRequestIsNone: '`PATCH /licenses` no longer answers 400 with nothing assigned when only some licenses fail: it answers 206. {{instead}}',
  },
  tokens: () => ['licenses'],
  // Only a request whose folded path ends in one of `paths` is judged (see engine/prefilter/gates.ts).
  mayMatch: (text, ctx) => {
    const params = ctx.detection.params as { paths?: string[] } | undefined;
    return passesPathGates(text, detectionPathGates(params?.paths ? (params as { paths: string[] }) : DEFAULT_PARAMS));
  },
  detect(file, ctx) {
    const out: RawMatch[] = [];
    const scopes: Node[] = [];
    const params = (ctx.detection.params ?? {}) as { paths?: string[] };
    const paths = (params.paths ?? DEFAULT_PATHS).map((x) => new RegExp(x, 'i'));
    for (const r of getRequests(file, ctx.catalog)) {
      if (!r.isApi || !r.url || r.method !== 'PATCH' || !paths.some((re) => re.test(urlPath(r.url!)))) continue;
      let scope: Node = file.ast;
      for (const a of file.ancestors(r.node)) if (isFunctionNode(a)) { scope = a; break; }
      scopes.push(scope);
    }
    if (scopes.length === 0) return out;
    const inScope = (n: Node) => scopes.some((s) => s.range[0] <= n.range[0] && n.range[1] <= s.range[1]);
    const check = (node: Node, value: number | undefined) => {
      if (value === 200) out.push({ node, messageId: 'onlyOkIsSuccess' });
      else if (value === 400) out.push({ node, messageId: 'badRequestIsNone' });
    };
    for (const b of file.nodes('BinaryExpression' as TSESTree.BinaryExpression['type'])) {
      const e = b as TSESTree.BinaryExpression;
      if (!['===', '==', '!==', '!='].includes(e.operator) || !inScope(e)) continue;
      if (isStatusRead(e.left as Node)) check(e, file.staticNumber(e.right));
      else if (isStatusRead(e.right)) check(e, file.staticNumber(e.left as Node));
    }
    for (const s of file.nodes('SwitchStatement' as TSESTree.SwitchStatement['type'])) {
      const sw = s as TSESTree.SwitchStatement;
      if (!inScope(sw) || !isStatusRead(sw.discriminant)) continue;
      for (const c of sw.cases) if (c.test) check(c.test, file.staticNumber(c.test));
    }
    return out;
  },
};
