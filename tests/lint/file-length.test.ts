// eslint.config.js's rule on long modules, checked on probe files: past 500
// lines a module says at its top why it is one file, in the directive that
// lets it be long; a directive with no reason, or one that suppresses
// nothing, is an error too.
import { ESLint } from 'eslint'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const eslint = new ESLint({ cwd: root })

async function ruleIds(at: string, source: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(source, { filePath: `${root}/${at}` })
  return result!.messages.map((m) => m.ruleId)
}

const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i} = ${i}`).join('\n') + '\n'
const REASON = '/* eslint-disable max-lines -- a reason */\n'

describe('long modules', () => {
  it('refuses a module of 501 lines that gives no reason', async () => {
    expect(await ruleIds('domain/probe.ts', lines(501))).toEqual(['max-lines'])
    expect(await ruleIds('supabase/functions/_shared/probe.ts', lines(501))).toEqual(['max-lines'])
  })

  it('allows 500 lines, and a longer module that says why at its top', async () => {
    expect(await ruleIds('domain/probe.ts', lines(500))).toEqual([])
    expect(await ruleIds('domain/probe.ts', '// What the module holds.\n' + REASON + lines(700))).toEqual([])
  })

  it('refuses the directive without a reason', async () => {
    expect(await ruleIds('domain/probe.ts', '/* eslint-disable max-lines */\n' + lines(600))).toEqual([
      '@eslint-community/eslint-comments/require-description',
    ])
  })

  it('refuses the directive on a module short enough without it', async () => {
    const ids = await ruleIds('domain/probe.ts', REASON + lines(100))
    expect(ids).toHaveLength(1)
    // ESLint reports an unused directive with no rule id.
    expect(ids[0]).toBeNull()
  })

  it('leaves test files alone', async () => {
    expect(await ruleIds('domain/probe.test.ts', lines(900))).toEqual([])
  })
})
