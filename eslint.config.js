// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const OWN_TOOLTIP = "The app's tooltip is components/Tooltip.tsx (MUI's, created when first used).";

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'data/**',
      '.tmp/**',
      'web/dist/**',
      'bench/results/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': 'off',
    },
  },
  {
    files: ['web/src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['web/src/**'],
    ignores: ['web/src/components/Tooltip.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mui/material',
              importNames: ['Tooltip'],
              message: OWN_TOOLTIP,
            },
            {
              name: '@mui/material/Tooltip',
              message: OWN_TOOLTIP,
            },
          ],
        },
      ],
    },
  },
  { ignores: ['web/src/api/generated.ts', 'web/src/api/session-generated.ts'] },
  {
    // Tests read dynamic GraphQL results.
    files: ['server/test/**', 'e2e/**', 'web/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
