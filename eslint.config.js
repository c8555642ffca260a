// The project lints itself: typescript-eslint's recommended rules over our own sources.
// Fixtures, the example app and corpora hold deliberately deprecated code and are not linted here.
import tseslint from 'typescript-eslint';

// engine/catalog/validators.generated.ts (ajv's standalone code, 247 KB) opens with `/* eslint-disable */`: every
// rule is off in it, so linting it only parsed it (about 1.7 s of the lint's CPU); tsc still compiles it.
export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test/fixtures/**', 'test/fixtures-project/**', 'test/corpus/**', 'examples/**', 'coverage/**', 'engine/catalog/validators.generated.ts'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
