// The landing page's sample conversation, translated like any other text.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

export type DemoMessage = {
  from: 'customer' | 'assistant'
  text: MessageDescriptor
  /** A shop link the assistant shares; shown as a link but not followed. */
  link?: string
}

export const DEMO_SCRIPT: readonly DemoMessage[] = [
  { from: 'customer', text: msg`Hello! Do you have the argan hair care oil in stock?` },
  {
    from: 'assistant',
    text: msg`Hello! Yes, Argan Hair Care Oil (100 ml) is ₺349 and we have 12 in stock. You can order it here:`,
    link: 'ornekbutik.com.tr/argan',
  },
  { from: 'customer', text: msg`Great. Can I also book a hair care appointment for Saturday?` },
  { from: 'assistant', text: msg`Of course! On Saturday we have 11:00 and 14:30 free. Which one suits you?` },
  { from: 'customer', text: msg`14:30, please.` },
  {
    from: 'assistant',
    text: msg`Done! Your appointment is on Saturday at 14:30. We'll send you an SMS reminder the day before.`,
  },
]
