/** RuleTester wired to vitest, and the plugin's rules by notice id, for test/rules/<id>.test.ts. */
import { RuleTester } from '@typescript-eslint/rule-tester';
import * as vitest from 'vitest';
import plugin from '../../rules/index.js';

RuleTester.afterAll = vitest.afterAll;
RuleTester.it = vitest.it;
RuleTester.itOnly = vitest.it.only;
RuleTester.describe = vitest.describe;

/** A RuleTester with "today" pinned, parsing TS (and JS) with @typescript-eslint/parser. */
export function ruleTester(today = '2026-11-22'): RuleTester {
  return new RuleTester({ settings: { 'collab-migrate': { today } } });
}

/** The rule type RuleTester takes (its own copy of @typescript-eslint/utils may differ in version from ours). */
type TestedRule = Parameters<RuleTester['run']>[1];

/** The rule of a notice; throws when the notice has no rule (not detectable). */
export function rule(id: string): TestedRule {
  const r = plugin.rules[id];
  if (!r) throw new Error(`no rule for notice "${id}"`);
  return r as unknown as TestedRule;
}
