// Lint: TypeScript rules everywhere, React hooks and Lingui in the app, and
// the dependency direction of the architecture (domain ← sync ← features ←
// routes/app; functions import only domain and _shared).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import pluginLingui from 'eslint-plugin-lingui'
import globals from 'globals'

const restrict = (patterns) => ['error', { patterns }]

export default tseslint.config(
  {
    ignores: [
      'node_modules/**', 'dist/**', '.*', 'dev-dist/**', 'coverage/**', 'tmp/**', '.data/**',
      'src/locales/**/*.js', 'src/locales/**/*.ts', 'src/routeTree.gen.ts', 'public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser }, ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
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
    files: ['src/features/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict([{ group: ['**/routes/**', '**/app/app*'], message: 'Features do not import routes or the app shell.' }, { regex: '^(\\.\\./)+features/', message: 'Features do not import each other; compose them in routes.' }]) },
  },
  {
    files: ['supabase/functions/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([{ group: ['**/src/**', '**/sync/**', '**/supabase/local/**'], message: 'Edge functions import only domain/ and _shared/.' }]) },
  },
)
