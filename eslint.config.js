import fs from 'node:fs';
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

const MODELS_ARE_CORE =
  'Models are the core: doors call them, they never reach back into doors or UI (docs/architecture.md, Layers).';

/**
 * The order of the models (docs/architecture.md §1, "The order of the models"): a kernel every
 * domain may use, which imports no domain, and the domains from the top, a row a level. A domain
 * imports only the levels below its own and the kernel (types aside: they carry no code).
 * tests/lint/models-order.test.ts proves each domain's block with its fixture.
 */
export const MODEL_KERNEL = [
  'context',
  'request-scope',
  'audit',
  'stats',
  'settings',
  'grants',
  'gone',
  'last-used',
  'key-names',
  'periodic',
  'previews',
  'quotas',
  'thumbnails',
];
export const MODEL_ORDER = [
  ['dashboard', 'sweeper', 'wiring', 'local-urls'],
  ['tus'],
  ['backup', 'requests'],
  ['shares'],
  ['fs'],
  ['tasks', 'mounts', 'storage', 'accounts', 'pastes', 'system'],
];

/** A domain is a folder of app/models, or one file there ("sweeper" is sweeper.server.ts). */
const isFolder = (name) => fs.existsSync(new URL(`./app/models/${name}`, import.meta.url));
const filesOf = (name) => (isFolder(name) ? [`app/models/${name}/**`] : [`app/models/${name}.server.ts`]);
/** Every way a file of another domain imports `name`. */
const importsOf = (name) =>
  isFolder(name)
    ? [`~/models/${name}/**`, `../${name}/**`, `../../${name}/**`, `../../../${name}/**`]
    : [`~/models/${name}.server`, `./${name}.server`, `../${name}.server`, `../../${name}.server`];

/** One domain's block: the model layer's rule, plus the domains it may not reach. */
function modelDomain(name, forbidden, message) {
  return {
    files: filesOf(name),
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: UI_AND_DOORS, message: MODELS_ARE_CORE },
            ...(forbidden.length ? [{ group: forbidden.flatMap(importsOf), message, allowTypeImports: true }] : []),
          ],
        },
      ],
    },
  };
}

const DOMAINS = MODEL_ORDER.flat();
const modelOrder = [
  ...MODEL_KERNEL.map((name) =>
    modelDomain(
      name,
      DOMAINS,
      `The kernel of the models imports no domain (docs/architecture.md §1, "The order of the models").`,
    ),
  ),
  ...MODEL_ORDER.flatMap((level, index) => {
    const above = MODEL_ORDER.slice(0, index + 1).flat();
    return level.map((name) =>
      modelDomain(
        name,
        above.filter((other) => other !== name),
        `A model domain imports only the domains below its own level and the kernel (docs/architecture.md §1, "The order of the models").`,
      ),
    );
  }),
];

/**
 * The routers of the JSON API (app/http/api/*.ts with a Router) and what they may not do
 * (docs/architecture.md §1, design §1): build a wire shape inline — a presenter in
 * app/http/api/presenters/ builds it — or import another router (only index.ts mounts them).
 */
const API_DIR = new URL('./app/http/api/', import.meta.url);
const ROUTERS = fs
  .readdirSync(API_DIR)
  .filter(
    (f) => f.endsWith('.ts') && f !== 'index.ts' && /\bRouter\(\)/.test(fs.readFileSync(new URL(f, API_DIR), 'utf8')),
  )
  .map((f) => f.replace(/\.ts$/, ''));
const ROUTER_NAMES = ROUTERS.join('|');
const ROUTER_IMPORT_MESSAGE =
  'A router imports no other router: shared parsing lives in its own module, shapes in presenters/ (docs/architecture.md §1, "Layers").';
/** From anywhere: `~/http/api/files`, `./api/files`; beside the routers also `./files`. */
const routerImport = (besideRouters) => ({
  selector: `ImportDeclaration[source.value=/${besideRouters ? '(^\\.|\\/api)' : '\\/api'}\\/(${ROUTER_NAMES})$/]`,
  message: ROUTER_IMPORT_MESSAGE,
});
const INLINE_SHAPE =
  'Doors build no wire shapes: a presenter in app/http/api/presenters/ builds the answer (docs/architecture.md §1, "Layers").';
const SEND = 'CallExpression[callee.name=/^send(Ok|Partly|Unflagged)$/]';
const JSON_CALL = "CallExpression[callee.property.name='json'][callee.object.name!='express']";
const wireShapes = [
  `${SEND} > ObjectExpression`,
  `${SEND} > ArrayExpression`,
  `${SEND} CallExpression[callee.property.name='map'] > ArrowFunctionExpression > ObjectExpression`,
  `${JSON_CALL} > ObjectExpression`,
].map((selector) => ({ selector, message: INLINE_SHAPE }));

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
    ['app/routes/**', 'app/http/**', 'app/cli/**'],
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
  layer(['app/models/**'], UI_AND_DOORS, MODELS_ARE_CORE),
  ...modelOrder,
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
    files: ['app/http/api/*.ts'],
    ignores: ['app/http/api/envelope.ts', 'app/http/api/index.ts', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...wireShapes, routerImport(true)] },
  },
  {
    files: ['app/http/api/index.ts'],
    rules: { 'no-restricted-syntax': ['error', ...wireShapes] },
  },
  {
    files: ['app/**'],
    ignores: ['app/http/api/*.ts'],
    rules: { 'no-restricted-syntax': ['error', routerImport(false)] },
  },
  {
    // Playwright fixtures are declared with object patterns, empty ones included: `async ({}, testInfo)`.
    files: ['tests/e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
);
