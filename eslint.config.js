import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Import patterns of each layer, as `no-restricted-imports` groups (alias and relative forms). */
const DOORS = ['~/http/**', '**/http/**', '~/routes/**', '**/routes/**'];
const UI_AND_DOORS = [...DOORS, '~/components/**', '**/components/**'];
const MODELS = ['~/models/**', '**/models/**'];
const STORAGE = ['~/storage/**', '**/storage/**'];
const DB = ['~/db/**', '**/db/**'];

/** One layer rule: files matching `files` (less `ignores`) may not import any of `group`. */
function layer(files, group, message, ignores = []) {
  return { files, ignores, rules: { 'no-restricted-imports': ['error', { patterns: [{ group, message }] }] } };
}

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
  // http) reach storage, the database and the search index only through models; models never reach
  // back into doors or UI; storage and db are below the models; lib is client-safe; auth holds
  // credentials and permission rules and never calls a model. tests/lint/layers.test.ts proves each.
  layer(
    ['app/components/**'],
    [...DOORS, ...MODELS, '**/*.server', ...STORAGE, ...DB, '~/generated/**'],
    'Components are UI only: take data from the route (docs/architecture.md, Layers).',
  ),
  layer(
    ['app/routes/**', 'app/http/**'],
    [
      '**/storage/drivers/*',
      '**/storage/registry*',
      '**/search-index*',
      ...DB,
      '**/generated/**',
      '@prisma/*',
      'better-sqlite3',
      'pg',
      '@aws-sdk/*',
    ],
    'Doors call a model; only models reach drivers, the search index and the database (docs/architecture.md, Layers).',
  ),
  layer(
    ['app/models/**'],
    UI_AND_DOORS,
    'Models are the core: doors call them, they never reach back into doors or UI (docs/architecture.md, Layers).',
  ),
  // The search index is a table of the database kept beside the virtual file system: the one part
  // of storage/ that reaches db/.
  layer(
    ['app/storage/**'],
    [...UI_AND_DOORS, ...MODELS, ...DB],
    'storage holds drivers and paths below the models; it never calls them, a door or the database (docs/architecture.md, Layers).',
    ['app/storage/vfs/search-index*'],
  ),
  layer(
    ['app/storage/vfs/search-index*'],
    [...UI_AND_DOORS, ...MODELS],
    'storage holds drivers and paths below the models; it never calls them or a door (docs/architecture.md, Layers).',
  ),
  layer(
    ['app/db/**'],
    [...UI_AND_DOORS, ...MODELS, ...STORAGE],
    'db opens and migrates the database below the models; it knows nothing above it (docs/architecture.md, Layers).',
  ),
  layer(
    ['app/lib/**'],
    ['**/*.server', ...MODELS, ...STORAGE, ...DB],
    'lib is client-safe and pure (docs/architecture.md, Layers).',
  ),
  layer(
    ['app/auth/**'],
    ['~/models/**', '~/http/**', '~/routes/**'],
    'auth holds credentials and rules; models use it, never the other way round.',
  ),
  {
    // Playwright fixtures are declared with object patterns, empty ones included: `async ({}, testInfo)`.
    files: ['tests/e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
