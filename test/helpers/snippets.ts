/** Source snippets and parse helpers several test files share. */
import { AST_NODE_TYPES as T, type TSESTree } from '@typescript-eslint/utils';
import { FileContext } from '../../engine/parse/file-context.js';
import { parseSource } from '../../engine/parse/parse.js';

/** A workspace simultaneous-ring update that sends the renamed `answerConfirmationEnabled` (one certain, fixable finding). */
export const SIM_RING = `export async function update(token: string) {
  const body = { enabled: true, answerConfirmationEnabled: false };
  await fetch('https://webexapis.com/v1/telephony/config/workspaces/w1/simultaneousRing', {
    method: 'PUT',
    headers: { Authorization: \`Bearer \${token}\` },
    body: JSON.stringify(body),
  });
}
`;

/** A parsed file's context; throws when the code does not parse. */
export function contextOf(code: string, filename = 'f.ts'): FileContext {
  const parsed = parseSource(code, filename);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return new FileContext(filename, code, parsed.ast);
}

/** The first argument of the last call `probe(x)` in the file. */
export function probeArgument(ctx: FileContext): TSESTree.Node {
  const calls = ctx.nodes(T.CallExpression).filter((c) => c.callee.type === 'Identifier' && c.callee.name === 'probe');
  return calls[calls.length - 1]!.arguments[0]!;
}
