// Lint: TypeScript rules everywhere, React hooks and Lingui in the app, and
// the dependency direction of the architecture (domain ← sync ← features ←
// routes/app; functions import only domain and _shared).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import pluginLingui from 'eslint-plugin-lingui'
import globals from 'globals'
import boundaries from 'eslint-plugin-boundaries'
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs'

const restrict = (patterns) => ['error', { patterns }]

export default tseslint.config(
  {
    ignores: [
      'node_modules/**', 'dist/**', '.*', 'dev-dist/**', 'coverage/**', 'tmp/**', '.data/**',
      'src/locales/**/*.js', 'src/locales/**/*.ts', 'src/widget/locales/**/*.js', 'src/routeTree.gen.ts', 'public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  comments.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser }, ecmaVersion: 2022, sourceType: 'module' },
    // A rule switched off says why after `--`; one that no longer suppresses anything is an error.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      '@eslint-community/eslint-comments/require-description': 'error',
      '@eslint-community/eslint-comments/disable-enable-pair': ['error', { allowWholeFile: true }],
    },
  },
  {
    // A module past 500 lines says at its top why it is one file:
    // `/* eslint-disable max-lines -- the reason */`.
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 500 }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/**/*.tsx'],
    ...pluginLingui.configs['flat/recommended'],
  },
  {
    // Any text a person reads goes through Lingui.
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx'],
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: ['^(?![A-Z])\\S+$', '^[A-Z0-9_-]+$', '^#[0-9a-fA-F]+$'],
          ignoreNames: [
            { regex: { pattern: 'className', flags: 'i' } },
            { regex: { pattern: '^[A-Z0-9_-]+$' } },
            'styleName', 'src', 'srcSet', 'type', 'id', 'width', 'height', 'displayName', 'href', 'to', 'variant',
            'color', 'size', 'component', 'gap', 'order', 'py', 'px', 'p', 'm', 'mt', 'mb', 'ml', 'mr', 'c', 'fw',
            'defaultColorScheme', 'role', 'aria-live', 'target', 'rel', 'radius', 'justify', 'align', 'autoComplete',
            'inputMode', 'mode', 'position', 'key',
          ],
          ignoreFunctions: ['console.*', 'Error', '*.getElementById', '*.addEventListener', '*.removeEventListener',
            'fetch', 'URL', 'URLSearchParams', '*.getItem', '*.setItem', '*.get', '*.set'],
        },
      ],
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([{ group: ['**/src/**', '**/sync/**', '**/supabase/**', 'react', '@supabase/*'], message: 'domain/ holds pure rules: no I/O, no app code.' }]) },
  },
  {
    files: ['sync/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([{ group: ['**/src/**', 'react', '@mantine/*'], message: 'sync/ is headless: it must not depend on the app.' }]) },
  },
  {
    // The layers, by where a file is, whatever the import string looks like
    // (`../customers/x.ts` from a feature is caught as surely as `../../features/x`).
    files: ['src/**/*.{ts,tsx}', 'sync/**/*.ts', 'domain/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['src/**/*', 'sync/**/*', 'domain/**/*'],
      'boundaries/elements': [
        { type: 'domain', pattern: 'domain' },
        { type: 'sync', pattern: 'sync' },
        { type: 'db', pattern: 'src/db' },
        { type: 'lib', pattern: 'src/lib' },
        { type: 'components', pattern: 'src/components' },
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
        { type: 'routes', pattern: 'src/routes' },
        { type: 'app', pattern: 'src/app' },
        { type: 'widget', pattern: 'src/widget' },
      ],
    },
    rules: {
      'boundaries/dependencies': ['error', {
        default: 'allow',
        policies: [
          {
            from: { element: { type: 'feature' } },
            disallow: { to: { element: { type: 'feature', captured: { feature: '!{{from.captured.feature}}' } } } },
            message: 'Features do not import each other: move what both need to src/components, src/lib or domain/, or compose them in routes.',
          },
          {
            from: { element: { types: { anyOf: ['feature', 'components', 'lib', 'db'] } } },
            disallow: { to: { element: { types: { anyOf: ['routes', 'app'] } } } },
            message: 'Only routes and the app shell import routes and the app shell.',
          },
          {
            from: { element: { types: { anyOf: ['components', 'lib', 'db'] } } },
            disallow: { to: { element: { type: 'feature' } } },
            message: 'Shared code does not import a feature.',
          },
          {
            from: { element: { types: { anyOf: ['domain', 'sync'] } } },
            disallow: { to: { element: { types: { anyOf: ['db', 'lib', 'components', 'feature', 'routes', 'app'] } } } },
            message: 'domain/ and sync/ do not depend on the app.',
          },
          {
            from: { element: { type: 'domain' } },
            disallow: { to: { element: { type: 'sync' } } },
            message: 'domain/ holds pure rules: it does not import sync/.',
          },
          {
            // A script on other sites' pages: it must not drag the app (React, Mantine, the database) in.
            from: { element: { type: 'widget' } },
            disallow: { to: { element: { types: { anyOf: ['sync', 'db', 'lib', 'components', 'feature', 'routes', 'app'] } } } },
            message: 'The website widget (src/widget) imports only domain/ and its own files.',
          },
          {
            from: { element: { types: { anyOf: ['domain', 'sync', 'db', 'lib', 'components', 'feature', 'routes', 'app'] } } },
            disallow: { to: { element: { type: 'widget' } } },
            message: 'The website widget is its own script: nothing else imports it.',
          },
          {
            from: { element: { types: { anyOf: ['db', 'lib', 'components', 'feature', 'routes', 'app'] } } },
            disallow: { to: { element: { type: 'sync', fileInternalPath: '!index.ts' } } },
            message: 'The app reaches sync/ only through sync/index.ts.',
          },
        ],
      }],
    },
  },
  {
    files: ['supabase/functions/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([{ group: ['**/src/**', '**/sync/**', '**/supabase/local/**'], message: 'Edge functions import only domain/ and _shared/.' }]) },
  },
  {
    // Their tests are not deployed: they may run the code under the local stack's Deno globals.
    files: ['supabase/functions/**/*.test.ts'],
    rules: { 'no-restricted-imports': restrict([{ group: ['**/src/**', '**/sync/**'], message: 'Edge function tests do not import the app either.' }]) },
  },
)
