// The assistant's view of one owner's business knowledge: the profile the
// conversation context already read (chatbot_context), and the FAQ, searched
// in the database (search_faq, migration 20261128000100) with the product
// search's folding, stemming and typo rules. As with the catalogue, the
// client is the service role's and every read names the owner.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { BusinessKnowledge, BusinessProfile, FaqHit } from './types.ts'

/** What search_faq returns at most. */
const MAX_FAQ_LIMIT = 10

type FaqRow = { id: string; question: string; answer: string; score: number | string }

export function createBusinessKnowledge(client: SupabaseClient, ownerId: string, profile: BusinessProfile | null, hasFaq: boolean): BusinessKnowledge {
  return {
    profile,
    hasFaq,
    async searchFaq(query, limit = 3) {
      if (!hasFaq || !query.trim()) return []
      const { data, error } = await client.rpc('search_faq', {
        p_user_id: ownerId,
        p_query: query,
        p_limit: Math.min(Math.max(Math.trunc(limit), 1), MAX_FAQ_LIMIT),
      })
      if (error) throw new Error(`FAQ search failed: ${error.message}`)
      return ((data ?? []) as FaqRow[]).map((row): FaqHit => ({ id: row.id, question: row.question, answer: row.answer, score: Number(row.score) }))
    },
  }
}
