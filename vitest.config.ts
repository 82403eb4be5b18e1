// Three layers, each runnable on its own (`npx vitest run --project unit`):
// unit tests need nothing but Node; stack tests start the embedded Supabase
// stack on PGlite or PostgreSQL 15; e2e tests drive Chromium against a
// production build, made once for the layer. tests/README.md says more.
import babel from '@rolldown/plugin-babel'
import { lingui } from '@lingui/vite-plugin'
import { defineConfig } from 'vitest/config'

// A `*.suite.test.ts` defines tests that other test files run on each
// database (PGlite and PostgreSQL 15); it has none of its own to collect.
const exclude = ['**/node_modules/**', 'dist/**', '**/*.suite.test.ts']

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Three files at a time on CI's 2 cores: a browser or stack test's worker spends much
    // of its time waiting on Chromium or its stack, and with two workers the cores sat a
    // third idle. Measured on a clean clone: 750 s with two, 650 s with three.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        // Lingui's macros, as the app's build compiles them, so message maps can be tested in words.
        plugins: [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), lingui()],
        test: {
          name: 'unit',
          include: ['{domain,src,sync}/**/*.test.{ts,tsx}', 'tests/{lint,support}/**/*.test.ts'],
          exclude,
        },
      },
      {
        extends: true,
        test: {
          name: 'stack',
          include: ['supabase/**/*.test.ts', 'tests/{integration,schema,sync}/**/*.test.ts'],
          exclude,
          // A worker runs its files one after another in one process instead of a new process
          // each: 40 % less CPU for the layer (697 s to 410 s). The setup file puts back what a file changed.
          isolate: false,
          setupFiles: ['tests/support/shared-worker-file.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/{e2e,build}/**/*.test.ts'],
          exclude,
          globalSetup: ['tests/support/build-app.ts'],
        },
      },
    ],
  },
})
