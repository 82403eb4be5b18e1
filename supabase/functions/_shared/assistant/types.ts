// The assistant's parts talk through these types: retrieval gives live
// products, a responder turns a message and the conversation into a reply
// that quotes only what it read, and answer() (index.ts) ties them to the
// owner's configuration and the message log.

export type AssistantLanguage = 'tr' | 'en'
export type AssistantChannel = 'widget' | 'whatsapp'

/** A product as retrieval reads it from the owner's live, non-deleted rows at reply time. */
export type CatalogueProduct = {
  id: string
  name: string
  description: string | null
  price: number
  currency: string
  stock: number
  product_link: string | null
}

/** The owner's catalogue, scoped to one owner by whoever made it; every call reads the database afresh. */
export type Catalogue = {
  /** Best matches first: Turkish letters and case folded, word order free, one-letter typos and suffixes tolerated. */
  search(query: string, limit?: number): Promise<CatalogueProduct[]>
  /** The products with these ids that are still there, in the order asked, in one read; gone, deleted and unknown ids are left out. */
  byIds(ids: readonly string[]): Promise<CatalogueProduct[]>
  /** Up to `limit` products in name order, for "what do you have" without a term. */
  list(limit?: number): Promise<CatalogueProduct[]>
}

/** A stored turn of the conversation, oldest first. */
export type Turn = {
  role: 'user' | 'assistant'
  content: string
  /** The products an assistant turn spoke of (for follow-ups like "how much is it?"). */
  productIds: string[]
}

export type ResponderInput = {
  message: string
  /** The page's language, when the widget knows it; the message's own language wins when it is clear. */
  language?: AssistantLanguage
  history: Turn[]
  businessName: string
  catalogue: Catalogue
}

export type ResponderOutput = {
  reply: string
  language: AssistantLanguage
  /** The products the reply speaks of; stored with the turn. */
  productIds: string[]
}

export type Responder = (input: ResponderInput) => Promise<ResponderOutput>
