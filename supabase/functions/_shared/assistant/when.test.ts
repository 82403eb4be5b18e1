// The booking's reading of when a customer wants to come (_shared/assistant/when.ts),
// against Tuesday 1 December 2026 as the owner's today.
import { describe, expect, it } from 'vitest'
import { mergeWhen, readWhen, weekdayAlone } from './when.ts'

const TODAY = '2026-12-01'
const read = (text: string) => readWhen(text, TODAY)

describe('readWhen', () => {
  it.each([
    ['yarın', '2026-12-02'], ['yarin olur mu', '2026-12-02'], ['mrb yrn sac kesimi icin yer varmi', '2026-12-02'], ['bugün', '2026-12-01'], ['yarından sonra', '2026-12-03'], ['öbür gün', '2026-12-03'],
    ['tomorrow', '2026-12-02'], ['today please', '2026-12-01'], ['the day after tomorrow', '2026-12-03'],
    ['cuma', '2026-12-04'], ['cumaya', '2026-12-04'], ["cuma'ya randevu", '2026-12-04'], ['cumartesi', '2026-12-05'], ['pazar günü', '2026-12-06'],
    ['pazartesi', '2026-12-07'], ['salı', '2026-12-01'], ['haftaya salı', '2026-12-08'], ['gelecek hafta çarşamba', '2026-12-09'],
    ['önümüzdeki perşembe', '2026-12-10'], ['friday', '2026-12-04'], ['next tuesday', '2026-12-08'], ['on saturday', '2026-12-05'],
    ['3 Aralık', '2026-12-03'], ["3 Aralık'ta", '2026-12-03'], ['3 aralik', '2026-12-03'], ['15 ocak', '2027-01-15'], ['December 3', '2026-12-03'],
    ['Dec 3rd', '2026-12-03'], ['3rd of December', '2026-12-03'], ['3/12', '2026-12-03'], ['5.1.2027', '2027-01-05'], ['3.12', '2026-12-03'],
    ['30 kasım', '2027-11-30'], ['31 şubat', undefined],
    ['hafta sonu olmaz mı', '2026-12-05'], ['haftasonu müsait misiniz', '2026-12-05'], ['this weekend?', '2026-12-05'],
    ['this afternoon', '2026-12-01'], ['bu sabah', '2026-12-01'], ['for the 10th', '2026-12-10'], ["ayın 10'u", '2026-12-10'],
    ['ayın 10unda', '2026-12-10'], ['on the 1st', '2026-12-01'], ['the 31st', '2026-12-31'],
  ])('reads the day of "%s"', (text, date) => {
    expect(read(text).date).toBe(date)
  })

  it.each([
    ['saat 15', ['15:00']], ["15'te", ['15:00']], ['11de', ['11:00', '23:00']], ['3te', ['15:00', '03:00']], ['3 te', ['15:00', '03:00']], ['4 de', ['16:00', '04:00']], ['14.30', ['14:30']], ['14:30', ['14:30']], ['saat 3', ['15:00', '03:00']],
    ['saat 10', ['10:00', '22:00']], ['öğleden sonra 3', ['15:00']], ['sabah 10', ['10:00']], ['akşam 6', ['18:00']], ['3 buçuk', ['15:30', '03:30']],
    ['saat 3 buçukta', ['15:30', '03:30']], ['10 gibi', ['10:00', '22:00']], ['2:30 pm', ['14:30']], ['10am', ['10:00']], ['at 10', ['10:00', '22:00']],
    ['tomorrow at 10', ['10:00', '22:00']], ['12 pm', ['12:00']], ['noon', ['12:00']], ['öğlen', ['12:00']], ['saat 09.00', ['09:00']],
    ['yarın 16 olsun', ['16:00']], ['perşembe 3e', ['15:00', '03:00']], ['6ya randevu', ['18:00', '06:00']], ['pardon 4 demek istedim', ['16:00', '04:00']], ['sorry i meant 4', ['16:00', '04:00']], ['at half 2 tomorrow', ['14:30', '02:30']],
    ['half past 10', ['10:30', '22:30']], ['quarter past 3', ['15:15', '03:15']], ['quarter to 4', ['15:45', '03:45']], ["saat 3'ü çeyrek geçe", ['15:15', '03:15']],
    ["4'e çeyrek var", ['15:45', '03:45']], ['from 10', ['10:00', '22:00']], ['for the 10th', undefined], ['cuma 3', ['15:00', '03:00']], ['friday 4 then', ['16:00', '04:00']], ['sat 12', ['12:00']], ['tmrw 4', ['16:00', '04:00']], ['yrn 4', ['16:00', '04:00']], ['sunglasses 2 tane', undefined], ['yarın 2 kişi', undefined],
    // Hour and minutes apart, as typed on a phone, only when nothing else is said.
    ['15 30', ['15:30']], ['saat 9 45', ['09:45', '21:45']], ['15 30 olsun', ['15:30']], ['3 kişi 30 tl', undefined], ['2 tane 50 lik', undefined],
  ])('reads the time of "%s"', (text, times) => {
    expect(read(text).times).toEqual(times)
  })

  it('keeps a date\'s numbers out of the time, and reads both from one message', () => {
    expect(read('3 Aralık saat 14.30')).toEqual({ date: '2026-12-03', times: ['14:30'] })
    expect(read('3.12 saat 14.30')).toEqual({ date: '2026-12-03', times: ['14:30'] })
    expect(read('3/12 15:00')).toEqual({ date: '2026-12-03', times: ['15:00'] })
    expect(read('Yarın saat 15:00 için randevu alabilir miyim?')).toEqual({ date: '2026-12-02', times: ['15:00'] })
    expect(read('3 Aralık')).toEqual({ date: '2026-12-03' })
    expect(read('next Tuesday 2:30 pm')).toEqual({ date: '2026-12-08', times: ['14:30'], part: 'afternoon' })
  })

  it('reads parts of the day, and "next week" without a day', () => {
    expect(read('yarın öğleden sonra')).toEqual({ date: '2026-12-02', part: 'afternoon' })
    // "Öğlen sonra", "oglen sonrasi" as typed: the afternoon, not noon.
    expect(read('oglen sonra')).toEqual({ part: 'afternoon' })
    expect(read('öğlen sonrası olur mu')).toEqual({ part: 'afternoon' })
    expect(read('cuma sabah')).toEqual({ date: '2026-12-04', part: 'morning' })
    expect(read('akşamüstü')).toMatchObject({ part: 'evening' })
    // After school is the afternoon, after work the evening ("cuma okuldan sonra" was taken for a name, "Cuma Okuldan Sonra").
    expect(read('cuma okuldan sonra')).toEqual({ date: '2026-12-04', part: 'afternoon' })
    expect(read('friday after school')).toEqual({ date: '2026-12-04', part: 'afternoon' })
    expect(read('yarın işten sonra')).toEqual({ date: '2026-12-02', part: 'evening' })
    expect(read('mesaiden sonra')).toEqual({ part: 'evening' })
    expect(read('in the morning')).toEqual({ part: 'morning' })
    expect(read('haftaya')).toEqual({ from: '2026-12-07' })
    expect(read('next week')).toEqual({ from: '2026-12-07' })
    // The earliest time, not the morning.
    expect(read('en erken ne zaman randevu verebilirsiniz')).toEqual({ earliest: true })
    expect(read('erken saatte')).toEqual({})
    expect(read('sabah erken')).toEqual({ part: 'morning' })
    // A half of the day ruled out asks for the other.
    expect(read('yarın olur ama sabah olmaz')).toEqual({ date: '2026-12-02', part: 'afternoon' })
    expect(read('friday, not in the morning though')).toEqual({ date: '2026-12-04', part: 'afternoon' })
    expect(read('no mornings')).toEqual({ part: 'afternoon' })
    expect(read('öğleden sonra müsait değilim')).toEqual({ part: 'morning' })
  })

  it('takes a greeting of the time of day for no part of it', () => {
    const greeted = {
      'iyi akşamlar yarın boya yaptırmak istiyorum': { date: '2026-12-02' },
      'Good morning, can I book tomorrow?': { date: '2026-12-02' },
      'hayırlı akşamlar, cuma akşam olur mu': { date: '2026-12-04', part: 'evening' },
    }
    for (const [message, when] of Object.entries(greeted)) expect(read(message), message).toEqual(when)
  })

  it('reads the weekend as its Saturday, or today on a weekend day', () => {
    expect(readWhen('hafta sonu', '2026-12-05')).toEqual({ date: '2026-12-05' })
    expect(readWhen('weekend', '2026-12-06')).toEqual({ date: '2026-12-06' })
    expect(readWhen('hafta sonu öğleden sonra', '2026-12-07')).toEqual({ date: '2026-12-12', part: 'afternoon' })
  })

  it('finds nothing in messages that name no time', () => {
    for (const text of ['randevu almak istiyorum', 'I would like to book', 'Ayşe Yılmaz', 'evet', '0532 123 45 67', 'kaç para']) {
      expect(read(text), text).toEqual({})
    }
  })
})

describe('now, or within the hour', () => {
  it.each([
    ['şimdi gelebilir miyim', { date: '2026-12-01', earliest: true }], ['any slots in the next hour?', { date: '2026-12-01', earliest: true }], ['randevumu 1 saat sonraya alabilir miyiz', {}],
    ['can i come in now for a blow dry', { date: '2026-12-01', earliest: true }], ['friday now', { date: '2026-12-04' }],
  ])('reads "%s" as the first free time today', (text, when) => {
    expect(read(text)).toEqual(when)
  })
})

describe('a day said not to suit', () => {
  it.each([
    ['yarın değil perşembe', { date: '2026-12-03' }], ['not tomorrow, friday', { date: '2026-12-04' }], ['yarın olmaz', {}],
    ['bugün değil de yarın 3te', { date: '2026-12-02', times: ['15:00', '03:00'] }], ['randevum cuma değil mi', { date: '2026-12-04' }],
  ])('is no day wanted in "%s"', (text, when) => {
    expect(read(text)).toEqual(when)
  })
})

describe('a time as the earliest that suits', () => {
  // Read after "after", and before "or later", "-ten sonra" or "itibaren", in place of the time itself; with no number,
  // "okuldan sonra" is a part of the day.
  it.each([
    ['thursday after 3', { date: '2026-12-03', after: '15:00' }], ['anything after 4?', { after: '16:00' }], ['5 or later', { after: '17:00' }],
    ['blow dry tomorrow after 7pm?', { date: '2026-12-02', after: '19:00' }], ["saat 4'ten sonra var mı", { after: '16:00' }],
    ['yarın 5ten sonra', { date: '2026-12-02', after: '17:00' }], ["16.00'dan itibaren", { after: '16:00' }], ['cuma okuldan sonra', { date: '2026-12-04', part: 'afternoon' }],
  ])('reads "%s"', (text, when) => {
    expect(read(text)).toEqual(when)
  })

  it('is kept from the later message, and over the earlier one\'s time', () => {
    expect(mergeWhen({ date: '2026-12-04', times: ['09:00'] }, read('after 4'))).toEqual({ date: '2026-12-04', after: '16:00' })
    expect(mergeWhen({ date: '2026-12-04', after: '16:00' }, read('cuma'))).toEqual({ date: '2026-12-04', after: '16:00' })
  })
})

describe('an hour wanted instead', () => {
  it('is read after "make it" or before "olsun", "olur mu", "uyar mı", and not from a count', () => {
    expect(read('actually can we make it 4')).toEqual({ times: ['16:00', '04:00'] })
    expect(read('make it 4?')).toEqual({ times: ['16:00', '04:00'] })
    expect(read('4 olsun')).toEqual({ times: ['16:00', '04:00'] })
    expect(read('olmaz 6 olur mu')).toEqual({ times: ['18:00', '06:00'] })
    expect(read('4 uyar mı')).toEqual({ times: ['16:00', '04:00'] })
    expect(read('saati 12 yapalım')).toEqual({ times: ['12:00'] })
    expect(read('2 tane olur mu')).toEqual({})
    expect(read('make it 2 shirts')).toEqual({})
  })
})

describe('the latest of a day', () => {
  it('is asked with "en geç" or "latest", a day or not, and kept only from the later message', () => {
    expect(read('en geç kaça kadar var')).toEqual({ latest: true })
    expect(read('cumartesi en geç saat kaç')).toEqual({ date: '2026-12-05', latest: true })
    expect(read("what's your latest on friday")).toEqual({ date: '2026-12-04', latest: true })
    expect(read('en geç 17:00')).toEqual({ times: ['17:00'] })
    expect(mergeWhen({ date: '2026-12-04' }, read('latest please'))).toEqual({ date: '2026-12-04', latest: true })
    expect(mergeWhen(read('latest please'), read('cuma'))).toEqual({ date: '2026-12-04' })
  })

  it('and the earliest, with "en kısa zamanda", "asap" or "as soon as possible"', () => {
    for (const message of ['en kısa zamanda', 'i need a haircut asap', 'as soon as possible please', 'en yakın zamanda']) expect(read(message), message).toEqual({ earliest: true })
  })

  it('and the earliest, with "en erken" or "earliest", never the morning', () => {
    expect(read('en erken kaç')).toEqual({ earliest: true })
    expect(read('cuma en erken ne zaman')).toEqual({ date: '2026-12-04', earliest: true })
    expect(read("what's the earliest you can do")).toEqual({ earliest: true })
    expect(mergeWhen({ date: '2026-12-04' }, read('soonest please'))).toEqual({ date: '2026-12-04', earliest: true })
  })
})

describe('weekdayAlone', () => {
  it('is a weekday named with nothing saying which week', () => {
    for (const text of ['çarşamba', 'wednesday', 'çarşamba öğleden sonra', 'cuma 10 olur mu', 'on friday']) expect(weekdayAlone(text, TODAY), text).toBe(true)
    for (const text of ['haftaya çarşamba', 'next wednesday', 'bu çarşamba', 'this friday', '9 aralık çarşamba', 'yarın', '10:00', 'öğleden sonra']) {
      expect(weekdayAlone(text, TODAY), text).toBe(false)
    }
  })
})

describe('mergeWhen', () => {
  it('takes the later message\'s day and time where it says them, and the earlier one\'s where it does not', () => {
    expect(mergeWhen(read('perşembe'), read('saat 15 olur mu'))).toEqual({ date: '2026-12-03', times: ['15:00'] })
    expect(mergeWhen(read('cuma 15:00'), read('saat 16 olsun'))).toEqual({ date: '2026-12-04', times: ['16:00'] })
    expect(mergeWhen(read('cuma 15:00'), read('perşembe olsun'))).toEqual({ date: '2026-12-03', times: ['15:00'] })
    expect(mergeWhen(read('friday morning'), read('tomorrow afternoon'))).toEqual({ date: '2026-12-02', part: 'afternoon' })
    expect(mergeWhen(read('haftaya'), read('öğleden sonra'))).toEqual({ from: '2026-12-07', part: 'afternoon' })
  })

  it('keeps what was said when the later message says nothing of when, and reads the later alone without an earlier', () => {
    expect(mergeWhen(read('yarın 15:00'), read('fön'))).toEqual({ date: '2026-12-02', times: ['15:00'] })
    expect(mergeWhen(undefined, read('yarın 15:00'))).toEqual({ date: '2026-12-02', times: ['15:00'] })
    expect(mergeWhen(undefined, read('fön'))).toEqual({})
  })

  it('takes only the well-formed parts of a kept draft\'s day and time', () => {
    expect(mergeWhen({ date: '2026-13-40', times: '15:00', part: 'night' }, read('fön'))).toEqual({})
    expect(mergeWhen({ date: '2026-12-03', times: ['15:00', 'x'] }, read('fön'))).toEqual({ date: '2026-12-03' })
    expect(mergeWhen({ from: '2026-12-07', times: ['25:00'], part: 'morning' }, read('fön'))).toEqual({ from: '2026-12-07', part: 'morning' })
    expect(mergeWhen('perşembe', read('saat 15'))).toEqual({ times: ['15:00'] })
  })
})

describe('readWhen across months', () => {
  it('takes "the 10th" of the next month once this month\'s has passed', () => {
    expect(readWhen('the 10th', '2026-12-11')).toEqual({ date: '2027-01-10' })
    expect(readWhen('ayın 31i', '2027-02-01')).toEqual({ date: '2027-03-31' })
  })
})

