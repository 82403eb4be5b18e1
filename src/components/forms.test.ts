import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MessageDescriptor } from '@lingui/core'
import { errorMessage, focusFirst } from './forms.ts'

const messages: Record<'required' | 'invalid_email', MessageDescriptor> = {
  required: { id: 'required', message: 'This field is required' },
  invalid_email: { id: 'invalid_email', message: 'Enter a valid e-mail address' },
}
const i18n = { _: (descriptor: MessageDescriptor) => `tr:${descriptor.message}` } as never

describe('errorMessage', () => {
  it('translates a domain code', () => {
    expect(errorMessage(i18n, messages, 'required')).toBe('tr:This field is required')
  })

  it('shows a message set by hand as it is, and nothing for no error', () => {
    expect(errorMessage(i18n, messages, 'The server said no')).toBe('The server said no')
    for (const none of [undefined, null, false, '']) expect(errorMessage(i18n, messages, none)).toBeUndefined()
  })

  it('does not take inherited names for codes', () => {
    expect(errorMessage(i18n, messages, 'toString')).toBe('toString')
  })
})

describe('focusFirst', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('focuses the node that comes first in the document, whatever the order of the errors', () => {
    vi.stubGlobal('Node', { DOCUMENT_POSITION_PRECEDING: 2, DOCUMENT_POSITION_FOLLOWING: 4 })
    const focused: string[] = []
    const node = (position: number, name: string) =>
      ({
        position,
        focus: () => focused.push(name),
        compareDocumentPosition(other: { position: number }) {
          return other.position < position ? 2 : 4
        },
      }) as unknown as HTMLElement
    focusFirst([node(3, 'email'), null, node(1, 'name'), node(2, 'phone')])
    expect(focused).toEqual(['name'])
  })

  it('does nothing without nodes', () => {
    expect(() => focusFirst([null])).not.toThrow()
  })
})
