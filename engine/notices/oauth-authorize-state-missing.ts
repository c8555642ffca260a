// Seed section 4.1 (authorize step: `response_type` must be `code`, `state` required): the browser SDK's own
// authorize redirect. The URL-level rule is the generic `url-query` detection of the same notice.
import { AST_NODE_TYPES as T } from '@typescript-eslint/types';
import type { TSESTree } from '@typescript-eslint/utils';
import { unwrap, type Node } from '../parse/file-context.js';
import type { Detector, RawMatch } from '../detectors/detector.js';
import type { CustomDetection } from '../types.js';

interface Params {
  /**
   * SDK methods that always send the browser to the authorize step with `response_type=token`, written with
   * their receiver. The SDK's `initiateLogin()` is not one: it takes the code grant when the SDK is configured
   * with `clientType: 'confidential'`, which a module or a build may set anywhere.
   */
  sdkImplicitMethods?: string[];
}

const params = (d: CustomDetection): Required<Params> => ({
  sdkImplicitMethods: (d.params?.sdkImplicitMethods as string[] | undefined) ?? [],
});

/** The callee's property when it ends in the dotted name (`webex.authorization.initiateImplicitGrant` ends in `authorization.initiateImplicitGrant`). */
function calleeEnding(call: TSESTree.CallExpression, dotted: string): TSESTree.Identifier | undefined {
  const parts = dotted.split('.');
  let node: Node = unwrap(call.callee);
  let last: TSESTree.Identifier | undefined;
  for (let i = parts.length - 1; i >= 0; i--) {
    if (node.type === 'Identifier') return i === 0 && node.name === parts[0] ? (last ?? node) : undefined;
    if (node.type !== 'MemberExpression' || node.computed || node.property.type !== 'Identifier' || node.property.name !== parts[i]) return undefined;
    last ??= node.property;
    node = unwrap(node.object);
  }
  return last;
}

/**
 * Soundness: a call whose callee ends in one of the method names (non-computed members): the text holds each
 * name of the dotted method, which {@link mayReport} asks for, as the prefilter's tokens are written.
 */
function mayReport(text: string, d: CustomDetection): boolean {
  return params(d).sdkImplicitMethods.some((m) => m.split('.').every((name) => text.includes(name)));
}

export const oauthAuthorizeStateMissing: Detector<CustomDetection> = {
  kind: 'oauth-authorize-state-missing',
  messages: {
    sdkImplicitGrant: 'The SDK\'s `{{method}}()` sends the user to the authorize step with `response_type=token`; the platform requires `response_type=code`. {{instead}}',
  },
  tokens(detection) {
    return params(detection).sdkImplicitMethods.map((m) => m.split('.').pop()!);
  },
  mayMatch: (text, ctx) => mayReport(text, ctx.detection),
  detect(file, ctx) {
    const { sdkImplicitMethods } = params(ctx.detection);
    const out: RawMatch[] = [];
    for (const call of file.nodes(T.CallExpression)) {
      for (const m of sdkImplicitMethods) {
        const at = calleeEnding(call, m);
        if (at) out.push({ node: at, messageId: 'sdkImplicitGrant', data: { method: at.name } });
      }
    }
    return out;
  },
};
