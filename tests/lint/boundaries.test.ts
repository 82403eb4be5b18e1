// The layer rules of eslint.config.js, checked on probe files: each probe is
// linted as if it stood at `at`, importing real files of the tree.
import { ESLint } from 'eslint'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const eslint = new ESLint({ cwd: root })

async function boundaryErrors(at: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${root}/${at}` })
  return result!.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message)
}

const refused = [
  {
    name: 'a sibling feature by a short relative path',
    at: 'src/features/appointments/probe.ts',
    source: "export * from '../customers/customers-screen.tsx'\n",
    says: 'Features do not import each other',
  },
  {
    name: 'a feature through the features folder',
    at: 'src/features/appointments/probe.ts',
    source: "export * from '../../features/products/products-screen.tsx'\n",
    says: 'Features do not import each other',
  },
  {
    name: 'a feature from a nested folder of another',
    at: 'src/features/products/excel/probe.ts',
    source: "export * from '../../customers/customers-screen.tsx'\n",
    says: 'Features do not import each other',
  },
  {
    name: 'a feature by a dynamic import',
    at: 'src/features/credits/probe.ts',
    source: "export const load = () => import('../products/products-screen.tsx')\n",
    says: 'Features do not import each other',
  },
  {
    name: 'a route from a feature',
    at: 'src/features/products/probe.ts',
    source: "export * from '../../routes/guards.ts'\n",
    says: 'Only routes and the app shell',
  },
  {
    name: 'a feature from a shared component',
    at: 'src/components/probe.ts',
    source: "export * from '../features/products/products-screen.tsx'\n",
    says: 'Shared code does not import a feature',
  },
  {
    name: 'sync internals from the database layer',
    at: 'src/db/probe.ts',
    source: "export * from '../../sync/merge.ts'\n",
    says: 'only through sync/index.ts',
  },
  {
    name: 'the app from sync',
    at: 'sync/probe.ts',
    source: "export * from '../src/db/database.ts'\n",
    says: 'do not depend on the app',
  },
  {
    name: 'the app from the website widget',
    at: 'src/widget/probe.ts',
    source: "export * from '../lib/supabase.ts'\n",
    says: 'imports only domain/',
  },
  {
    name: 'the website widget from a feature',
    at: 'src/features/chatbot/probe.ts',
    source: "export * from '../../widget/config.ts'\n",
    says: 'nothing else imports it',
  },
]

describe('layer boundaries', () => {
  it.each(refused)('refuses $name', async ({ at, source, says }) => {
    const errors = await boundaryErrors(at, source)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain(says)
  })

  it.each([
    { name: 'a file of the same feature', at: 'src/features/products/probe.ts', source: "export * from './products-screen.tsx'\n" },
    { name: 'shared components from a feature', at: 'src/features/products/probe.ts', source: "export * from '../../components/media.ts'\n" },
    { name: 'sync through its entry', at: 'src/db/probe.ts', source: "export * from '../../sync/index.ts'\n" },
    { name: 'domain from a feature', at: 'src/features/customers/probe.ts', source: "export * from '../../../domain/phone.ts'\n" },
    { name: 'domain from the website widget', at: 'src/widget/probe.ts', source: "export * from '../../domain/chatbot.ts'\n" },
  ])('allows $name', async ({ at, source }) => {
    expect(await boundaryErrors(at, source)).toEqual([])
  })
})
