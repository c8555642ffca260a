/** The flat config the parity tests lint with: every notice's rule of the plugin at error, typescript-eslint's parser. */
import tsParser from '@typescript-eslint/parser';
import type { Linter } from 'eslint';
import type { Notice } from '../../engine/types.js';
import { PLUGIN_NAME, type createPlugin } from '../../rules/index.js';

export function allRulesConfig(plugin: ReturnType<typeof createPlugin>, notices: readonly Notice[], today: string): Linter.Config[] {
  return [
    {
      files: ['**/*.{js,cjs,mjs,jsx,ts,tsx,mts,cts}'],
      plugins: { [PLUGIN_NAME]: plugin as never },
      languageOptions: { parser: tsParser as never },
      settings: { [PLUGIN_NAME]: { today } },
      rules: Object.fromEntries(notices.map((n) => [`${PLUGIN_NAME}/${n.id}`, 'error'])),
    },
  ] as Linter.Config[];
}
