// handoff.ts: a complaint the classifier heard in a product's name ("hasır" sounds like "hasar", damage) is no
// complaint when the message only names a product the catalogue has; complaint words keep it one.
import { describe, expect, it } from 'vitest'
import { handoffAsked } from './handoff.ts'
import { memoryCatalogue } from '../../../../tests/support/assistant-memory.ts'
import type { CatalogueProduct } from './types.ts'

const hat: CatalogueProduct = { id: 's1', name: 'Hasır Şapka', description: 'Yazlık', price: 350, currency: 'TRY', stock: 14, product_link: null }
const { catalogue } = memoryCatalogue([hat])

describe('handoffAsked: a call back asked for', () => {
  it.each([
    'ben ahmet, 0532 111 22 33 numaramdan dönüş yapabilir misiniz', 'bana dönebilir misiniz', 'beni arayabilir misiniz', 'can you call me back',
    'please get back to me on 0532 111 22 33',
  ])('"%s" is for a person', async (message) => {
    expect(await handoffAsked(message)).toBe('asked')
  })

  // Sending a thing back is a return, which the owner's text answers.
  it.each(['ürünü geri döndürebilir miyim', 'iade için ne yapmalıyım', 'can i send it back'])('"%s" is no call back', async (message) => {
    expect(await handoffAsked(message)).toBeNull()
  })
})

describe('handoffAsked, with the catalogue', () => {
  it.each(['hasır şapka', 'Hasır Şapka?', 'hasır şapka lütfen'])('"%s" names the hat: no complaint', async (message) => {
    expect(await handoffAsked(message, [], catalogue)).toBeNull()
  })

  it('keeps a complaint said in words of one, and one naming a product by a number alone', async () => {
    expect(await handoffAsked('hasır şapka yırtık geldi', [], catalogue)).toBe('complaint')
    expect(await handoffAsked('ürün hasarlı geldi', [], catalogue)).toBe('complaint')
    // A number a product's name holds is no name of it.
    expect(await handoffAsked('my order is 500 tl', [], memoryCatalogue([{ ...hat, id: 's5', name: 'Stok Kalemi 500' }]).catalogue)).toBe('complaint')
  })
})
