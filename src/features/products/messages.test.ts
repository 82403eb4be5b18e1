// The import's messages are codes until the screen words them (messages.ts);
// the spec gives some of those words, in Turkish or in English, and the
// catalogues must hold them letter for letter. messages.ts is compiled by the
// Lingui macro, which unit tests do not run, so its source messages are
// named here and looked up in the catalogues themselves.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/** msgid → msgstr of a Lingui .po catalogue (entries without a context). */
function readCatalogue(locale: 'tr' | 'en'): Map<string, string> {
  const text = readFileSync(new URL(`../../locales/${locale}/messages.po`, import.meta.url), 'utf8')
  const unquote = (lines: string) => [...lines.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string).join('')
  const entries = new Map<string, string>()
  for (const block of text.split(/\n\s*\n/)) {
    if (/^msgctxt /m.test(block)) continue
    const match = /^msgid ((?:".*"\n?)+)msgstr ((?:".*"\n?)+)/m.exec(block)
    if (match) entries.set(unquote(match[1]!), unquote(match[2]!))
  }
  return entries
}

const catalogues = { tr: readCatalogue('tr'), en: readCatalogue('en') }

/** Source message in messages.ts → the spec's wording, in the language the spec gives it. */
const SPEC_WORDING: Array<{ code: string; source: string; tr?: string; en?: string }> = [
  { code: 'name_required', source: 'Product name cannot be empty', tr: 'Ürün adı boş olamaz' },
  { code: 'price_required', source: 'Price cannot be empty', tr: 'Fiyat boş olamaz' },
  { code: 'price_invalid', source: 'Enter a valid price (a number of 0 or more)', tr: 'Geçerli bir fiyat giriniz (0 veya daha büyük sayı)' },
  { code: 'stock_required', source: 'Stock cannot be empty', tr: 'Stok boş olamaz' },
  {
    code: 'stock_invalid',
    source: 'Enter a valid stock quantity (a whole number of 0 or more)',
    tr: 'Geçerli bir stok miktarı giriniz (0 veya daha büyük tam sayı)',
  },
  { code: 'currency_invalid', source: 'Invalid currency. Valid currencies: {currencies}', tr: 'Geçersiz para birimi. Geçerli para birimleri: {currencies}' },
  { code: 'invalid_file_type', source: 'Please select a valid Excel file (.xlsx or .xls)', en: 'Please select a valid Excel file (.xlsx or .xls)' },
  {
    code: 'unreadable_workbook',
    source: 'Could not read the Excel file. Please choose a valid Excel file.',
    tr: 'Excel dosyası okunamadı. Lütfen geçerli bir Excel dosyası seçiniz.',
  },
  { code: 'file_read_failed', source: 'Could not read the file.', tr: 'Dosya okunamadı.' },
  { code: 'processing_failed', source: 'Error occurred while processing Excel file', en: 'Error occurred while processing Excel file' },
]

describe('the Excel import messages', () => {
  it.each(SPEC_WORDING)('$code is worded as the spec words it', ({ source, tr, en }) => {
    if (tr !== undefined) expect(catalogues.tr.get(source)).toBe(tr)
    // English is the source language: its catalogue repeats the source unless the spec words it otherwise.
    expect(catalogues.en.get(source)).toBe(en ?? source)
  })

  it('has a translation of every one of them in both languages', () => {
    for (const { source } of SPEC_WORDING) {
      for (const locale of ['tr', 'en'] as const) expect(catalogues[locale].get(source), `${locale}: ${source}`).toBeTruthy()
    }
  })
})
