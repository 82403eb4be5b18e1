// The assistant's parts talk through these types: retrieval gives live
// products, a responder turns a message and the conversation into a reply
// that quotes only what it read, and answer() (index.ts) ties them to the
// owner's configuration and the message log.

import type { BusinessProfileRow } from '../../../../domain/business.ts'
import type { BookingRefusal, FreeSlot } from '../../../../domain/booking.ts'
import type { When } from './when.ts'

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
  /** Up to `limit` products in name order, for "what do you have" without a term; `newest` first, for "what's new". */
  list(limit?: number, order?: 'name' | 'newest'): Promise<CatalogueProduct[]>
  /** The cheapest (or dearest) product of each currency over the whole catalogue. */
  extremes(order: 'cheapest' | 'priciest'): Promise<CatalogueProduct[]>
  /** Products in one currency priced within [min, max], dearest first: what a budget buys. */
  inBudget(budget: { currency: string; max: number; min?: number }, limit?: number): Promise<CatalogueProduct[]>
}

/** What the owner wrote about the business (public.business_profiles), read at reply time: hours are wall-clock ranges in `time_zone`, a missing or empty day closed. */
export type BusinessProfile = Omit<BusinessProfileRow, 'updated_at'>

export type FaqHit = {
  id: string
  question: string
  answer: string
  /** The share of the asked words the entry's question holds (0–1), as search_faq scores it. */
  score: number
}

/** The business's own knowledge beside the catalogue, scoped to one owner by whoever made it. */
export type BusinessKnowledge = {
  /** null when the owner has no profile row (an account older than profiles, or a test). */
  profile: BusinessProfile | null
  /** Whether the owner has written any FAQ entry: when not, no search is made. */
  hasFaq: boolean
  /** The owner's FAQ entries closest to the text, best first, read from the database now. */
  searchFaq(query: string, limit?: number): Promise<FaqHit[]>
}

/** Turns of the conversation a responder sees: enough for follow-ups, little enough to read every time. */
export const HISTORY_TURNS = 10

/** A stored turn of the conversation, oldest first. */
export type Turn = {
  role: 'user' | 'assistant'
  content: string
  /** The products an assistant turn spoke of (for follow-ups like "how much is it?"). */
  productIds: string[]
  /** The kind of question an assistant turn answered (ResponderOutput.kind), when it was stored with one. */
  kind?: string | null
  /** Where a booking conversation stood after this assistant turn (booking.ts). */
  booking?: BookingDraft | null
}

// Booking -----------------------------------------------------------------------

/** A service the owner offers for booking, as read at reply time. */
export type BookableService = { id: string; name: string; duration_minutes: number; price: number | null; currency: string }

export type BookingRules = {
  enabled: boolean
  /** Appointments start this many minutes apart from each opening (booking_settings.slot_minutes). */
  slot_minutes: number
  default_duration_minutes: number
  max_days_ahead: number
  min_notice_minutes: number
  /** Hours before an appointment its SMS reminder goes; null: no automatic reminder (booking_settings.reminder_hours_before). */
  reminder_hours_before: number | null
}

/** One of the customer's upcoming appointments, as they may cancel or move it. */
export type CustomerBooking = {
  id: string
  date: string
  time: string
  duration: number
  serviceId: string | null
  serviceName: string | null
  /** Whom it is for, as the owner's customer list has them (a move books the same person again). */
  customerName: string | null
  phone: string | null
}

export type BookingRequest = {
  date: string
  time: string
  duration: number
  serviceId: string | null
  name: string
  /** E.164. */
  phone: string
  language: AssistantLanguage
  /** An appointment of the customer's this one replaces (a move). */
  replaces?: string
}

export type BookingResult = { ok: true; appointmentId: string } | { ok: false; refusal: BookingRefusal }

/**
 * One owner's calendar as the assistant may use it for one conversation:
 * read at reply time, booked only through book_appointment (migration
 * 20261130000100), the customer's own appointments found by the number the
 * channel vouches for (WhatsApp) or by this conversation (the widget).
 */
export type BookingDesk = {
  /** The owner's booking settings and active services, read now. */
  load(): Promise<{ rules: BookingRules; services: BookableService[] }>
  freeSlots(from: string, to: string, duration: number): Promise<FreeSlot[]>
  book(request: BookingRequest): Promise<BookingResult>
  upcoming(): Promise<CustomerBooking[]>
  cancel(id: string): Promise<boolean>
  /** The sender's number when the channel vouches for it (WhatsApp, E.164); null on the widget. */
  knownPhone: string | null
  /** The name the owner has for that number, when it is one of their customers. */
  knownName(): Promise<string | null>
  /** The owner's today, YYYY-MM-DD on the owner's clock, and the minutes of that day gone. */
  today: string
  nowMinutes: number
  /** The owner's own preview: offers are real, nothing is booked or cancelled. */
  dryRun: boolean
}

/** Where a booking conversation stands: kept with the assistant's reply (chatbot_messages.booking), read back next turn. */
export type BookingDraft = {
  mode: 'book' | 'move' | 'cancel'
  step: 'service' | 'time' | 'name' | 'phone' | 'confirm' | 'pick' | 'confirm_cancel'
  serviceId?: string | null
  duration?: number
  /** The time chosen, on the owner's wall clock. */
  date?: string
  time?: string
  /** The times offered last, in the order shown. */
  offers?: Array<{ date: string; time: string }>
  name?: string
  phone?: string
  /** mode 'move': the appointment the new time replaces; 'cancel': the one to cancel. */
  target?: string
  /** step 'pick': the customer's appointments listed to choose from. */
  choices?: Array<{ id: string; date: string; time: string }>
  /** The day and time the customer asked for before the service was chosen, as read when they said it. */
  when?: When
  /** Booked for someone else than the one the number is known by ("kızım için de"): the name is asked. */
  another?: boolean
}

export type { ConversationStatus, HandoffReason } from '../../../../domain/conversations.ts'

export type ResponderInput = {
  message: string
  /** The page's language, when the widget knows it; the message's own language wins when it is clear. */
  language?: AssistantLanguage
  history: Turn[]
  businessName: string
  catalogue: Catalogue
  business: BusinessKnowledge
  /** The instant of the reply: "open now" and "today" are this, read on the owner's clock. */
  now: Date
  /** The owner's calendar, when the assistant may book in this conversation. */
  booking?: BookingDesk
}

/** What a reply was: the intent it answered, for statistics and the evaluation. */
export type ReplyKind = string

export type ResponderOutput = {
  reply: string
  language: AssistantLanguage
  /** The products the reply speaks of; stored with the turn. */
  productIds: string[]
  /** The kind of question answered (`hours`, `price`, `faq`, `unknown`, …); a model's own answer is `model`. */
  kind: ReplyKind
  /** Where a booking conversation stands after this reply; kept with it. */
  booking?: BookingDraft | null
  /**
   * false when the reply says it does not know: the owner has not written it,
   * the catalogue does not list it. Recorded as the reply's outcome
   * `unknown` (domain/insights.ts), so the owner sees the question among the
   * unanswered ones.
   */
  known?: boolean
}

export type Responder = (input: ResponderInput) => Promise<ResponderOutput>
