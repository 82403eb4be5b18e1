import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['{domain,src,sync,supabase,tests}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'dist/**'],
    environment: 'node',
    globalSetup: ['tests/support/build-app.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Stack tests each start an embedded Postgres: two at a time fits 2 cores.
    maxWorkers: 2,
  },
})
