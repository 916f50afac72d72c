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
  {
    // A progress bar or spinner has a name (axe's aria-progressbar-name), or is hidden as the
    // decoration of a control that names itself.
    files: ['web/src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'JSXOpeningElement[name.name=/^(Linear|Circular)Progress$/]:not(:has(JSXAttribute[name.name=/^aria-(label|labelledby|hidden)$/]))',
          message:
            'A progress indicator needs aria-label (or aria-labelledby), or aria-hidden inside a control that names itself.',
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
