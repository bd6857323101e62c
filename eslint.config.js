import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules',
      '**/dist',
      '**/build',
      'web/build-*',
      '**/.react-router',
      'data',
      '**/test-results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['web/app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Faces do not import each other's pages; shared pieces live in components/.
    files: ['web/app/routes/portal/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/routes/staff/**', '../staff/*'] }],
    },
  },
  {
    files: ['web/app/routes/staff/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/routes/portal/**', '../portal/*'] }],
    },
  },
);
