/**
 * The plugin decides in each rule's create() from the file's text whether its notice can apply (issue 30, item 4):
 * a rule whose notice cannot apply registers no listener, so ESLint's traversal never calls it.
 */
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin, { PLUGIN_NAME } from '../rules/index.js';

/** Lints a text with every rule on, and returns the ids of the rules that registered listeners, with the findings. */
function lint(text: string): { listening: string[]; ruleIds: string[] } {
  const listening: string[] = [];
  const rules = Object.fromEntries(
    Object.entries(plugin.rules).map(([id, rule]) => [
      id,
      {
        ...rule,
        create(context: Parameters<typeof rule.create>[0]) {
          const listeners = rule.create(context);
          if (Object.keys(listeners).length > 0) listening.push(id);
          return listeners;
        },
      },
    ]),
  );
  const config = plugin.configs.configure({ all: true, today: '2026-07-01' }) as Linter.Config;
  const messages = new Linter().verify(text, [{ ...config, plugins: { [PLUGIN_NAME]: { ...plugin, rules } as never } }], 'file.js');
  return { listening: listening.sort(), ruleIds: messages.map((m) => m.ruleId ?? '') };
}

describe('rules register listeners only where their notice can apply', () => {
  it('a file holding no notice token: no rule listens, nothing is reported', () => {
    expect(lint('export const add = (a, b) => a + b;\n')).toEqual({ listening: [], ruleIds: [] });
  });

  it('a file using a retired host: the rules that may apply listen, and the finding is reported', () => {
    const { listening, ruleIds } = lint("fetch('https://api.ciscospark.com/v1/people/me');\n");
    expect(listening).toContain('legacy-api-host');
    expect(listening.length).toBeLessThan(Object.keys(plugin.rules).length);
    expect(ruleIds).toContain(`${PLUGIN_NAME}/legacy-api-host`);
  });

  it('a file with a collab-migrate suppression comment: every rule listens (a bad comment is reported by one of them)', () => {
    const { listening, ruleIds } = lint('// collab-migrate-ignore-next-line legacy-api-host until 2026-13-45 -- later\nexport const x = 1;\n');
    expect(listening).toEqual(Object.keys(plugin.rules).sort());
    expect(ruleIds.filter((r) => r.startsWith(`${PLUGIN_NAME}/`)).length).toBe(1);
  });
});
