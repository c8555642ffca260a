/**
 * The plugin decides in each rule's create() from the file's text whether its notice can apply, and a rule whose notice
 * may apply analyses the file and reports there too (issue 30, item 4): no rule registers a listener, so ESLint's
 * traversal never calls one (a `Program:exit` on the few files with candidates made V8 compile ESLint's traversal
 * again for them).
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

describe('rules report from create() and register no listener', () => {
  it('a file holding no notice token: no rule listens, nothing is reported', () => {
    expect(lint('export const add = (a, b) => a + b;\n')).toEqual({ listening: [], ruleIds: [] });
  });

  it('a file using a retired host: the finding is reported, and no rule listens', () => {
    const { listening, ruleIds } = lint("fetch('https://api.ciscospark.com/v1/people/me');\n");
    expect(listening).toEqual([]);
    expect(ruleIds).toContain(`${PLUGIN_NAME}/legacy-api-host`);
  });

  it('a file with a collab-migrate suppression comment: a bad comment is reported once, and no rule listens', () => {
    const { listening, ruleIds } = lint('// collab-migrate-ignore-next-line legacy-api-host until 2026-13-45 -- later\nexport const x = 1;\n');
    expect(listening).toEqual([]);
    expect(ruleIds.filter((r) => r.startsWith(`${PLUGIN_NAME}/`)).length).toBe(1);
  });

  it('a finding with a fix and one suppressed by an ESLint directive: reported from create() as from a listener', () => {
    const text = "fetch('https://api.ciscospark.com/v1/people/me');\n// eslint-disable-next-line collab-migrate/legacy-api-host\nfetch('https://api.ciscospark.com/v1/rooms');\n";
    const config = plugin.configs.configure({ all: true, today: '2026-07-01' }) as Linter.Config;
    const messages = new Linter().verify(text, [config], 'file.js').filter((m) => m.ruleId === `${PLUGIN_NAME}/legacy-api-host`);
    expect(messages.map((m) => m.line)).toEqual([1]);
    const fixed = new Linter().verifyAndFix(text, [config], 'file.js');
    expect(fixed.output).toContain('webexapis.com/v1/people/me');
    expect(fixed.output).toContain("fetch('https://api.ciscospark.com/v1/rooms')");
  });
});
