import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The server's areas: each imports the platform, http, db and common, never another area. */
const SERVER_AREAS = [
  'news',
  'video',
  'magazine',
  'showcase',
  'intro',
  'people',
  'intranet',
  'cms',
];
const serverBoundaries = [
  ...SERVER_AREAS.map((area) => ({
    files: [`server/src/modules/${area}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: SERVER_AREAS.filter((other) => other !== area).map((other) => ({
            group: [`../${other}/*`],
            message: 'Areas do not import each other: move what both need down into platform/.',
          })),
        },
      ],
    },
  })),
  {
    files: ['server/src/platform/**', 'server/src/http/**', 'server/src/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/*/**'],
              message: 'The platform does not import areas: let the area register with it.',
            },
          ],
        },
      ],
    },
  },
];

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
  ...serverBoundaries,
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
