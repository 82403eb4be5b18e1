import { describe, expect, it, onTestFinished } from 'vitest'
import { MutationObserver, onlineManager, QueryClient } from '@tanstack/react-query'
import { ownerQuery, ownerQueryOptions, WRITE_NOW } from './owner-query.ts'

type Client = { answer: string[] }

describe('ownerQuery', () => {
  it("reads through the client given, for one owner, under [key, owner's id]", async () => {
    const reads: Array<[Client, string]> = []
    const services = ownerQuery('services', async (client: Client, userId: string) => {
      reads.push([client, userId])
      return client.answer
    })
    const client = { answer: ['Saç kesimi'] }
    const queryClient = new QueryClient()
    expect(await queryClient.fetchQuery(ownerQueryOptions(services, 'u1', async () => client))).toEqual(['Saç kesimi'])
    expect(reads).toEqual([[client, 'u1']])
    expect(queryClient.getQueryData(['services', 'u1'])).toEqual(['Saç kesimi'])
    expect(queryClient.getQueryData(['services', 'u2'])).toBeUndefined()
  })

  it('keeps an answer fresh for as long as asked, or leaves it to the client', () => {
    const read = async () => 1
    expect(ownerQueryOptions(ownerQuery('stats', read, 60_000), 'u1', async () => ({})).staleTime).toBe(60_000)
    expect(ownerQueryOptions(ownerQuery('stats', read), 'u1', async () => ({}))).not.toHaveProperty('staleTime')
  })
})

describe('WRITE_NOW', () => {
  it('fails a write at once and once, even offline, rather than waiting for the connection', async () => {
    let calls = 0
    onlineManager.setOnline(false)
    onTestFinished(() => onlineManager.setOnline(true))
    const queryClient = new QueryClient()
    const write = new MutationObserver(queryClient, {
      ...WRITE_NOW,
      mutationFn: async () => {
        calls += 1
        throw new Error('refused')
      },
    })
    await expect(write.mutate()).rejects.toThrow('refused')
    expect(calls).toBe(1)
    expect(WRITE_NOW).toEqual({ networkMode: 'always', retry: false })
  })
})
