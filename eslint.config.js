import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'node_modules/**',
      '.react-router/**',
      'app/generated/**',
      '.tmp/**',
      '.swift-s3/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      // Deliberately wrong code: tests/lint/layers.test.ts lints it as if it stood in app/.
      'tests/lint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-control-regex': 'off',
    },
  },
  // The layers of docs/architecture.md ("Layers"), enforced: components are UI only; doors (routes and
  // http) reach storage and the database only through models; lib is client-safe; auth holds
  // credentials and permission rules and never calls a model.
  {
    files: ['app/components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '~/models/**',
                '**/models/**',
                '**/*.server',
                '~/storage/**',
                '**/storage/**',
                '~/db/*',
                '~/generated/**',
              ],
              message: 'Components are UI only: take data from the route (docs/architecture.md, Layers).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/routes/**', 'app/http/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/storage/drivers/*',
                '**/storage/registry*',
                '~/db/*',
                '**/db/client*',
                '**/generated/**',
                '@prisma/*',
                'better-sqlite3',
              ],
              message: 'Doors call a model; only models reach drivers and the database (docs/architecture.md, Layers).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.server', '~/models/**', '~/storage/**', '~/db/*'],
              message: 'lib is client-safe and pure (docs/architecture.md, Layers).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/auth/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['~/models/**', '~/http/**', '~/routes/**'],
              message: 'auth holds credentials and rules; models use it, never the other way round.',
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures are declared with object patterns, empty ones included: `async ({}, testInfo)`.
    files: ['tests/e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
