import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

// Source messages are written in English in the code; Turkish is the default
// language of the interface and must be complete (compile --strict fails on a
// missing translation).
export default defineConfig({
  sourceLocale: 'en',
  locales: ['tr', 'en'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.*', '<rootDir>/src/widget/**'],
    },
    // The website widget is its own small script on other sites' pages: its
    // few messages ship in it, not with the app's catalogue.
    {
      path: '<rootDir>/src/widget/locales/{locale}/messages',
      include: ['<rootDir>/src/widget'],
      exclude: ['**/*.test.*'],
    },
  ],
  orderBy: 'messageId',
  // No line numbers: catalogs change only when messages do.
  format: formatter({ lineNumbers: false }),
})
