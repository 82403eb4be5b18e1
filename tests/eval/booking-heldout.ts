// Booking dialogues written after the booking rules were settled and never
// used to tune them: the evaluation prints them apart from booking-dialogues.ts,
// so a rule that only knows its own dialogues shows up here. Same clock,
// owners and calendar as booking-dialogues.ts. Do not tune the rules on
// these; write new ones into booking-dialogues.ts instead.
import { enSalon, enSalonWhatsApp, trSalon, trSalonWhatsApp, trShop, w, type Dialogue } from './booking-dialogues.ts'

export const HELDOUT_DIALOGUES: Dialogue[] = [
  trSalon('h-tr-kestirmek',
    [w('perşembe öğlen saç kestirmek istiyorum, müsaitlik var mı'), w('13:30'), w('Sena Demir'), w('0548 111 22 33'), w('evet')],
    { date: '2026-12-03', time: '13:30', service: 'Saç kesimi' }),
  trSalonWhatsApp('h-tr-wa-cumartesi-boya',
    [w('iyi günler cumartesi sabah boya yaptırmak istiyorum'), w('ilk saat olsun'), w('Gül Arı'), w('tamamdır')],
    { date: '2026-12-05', time: '10:00', service: 'Boya' }),
  enSalon('h-en-tmrw-blowdry',
    [w('hey do u have anything tmrw afternoon for a blowdry'), w('2'), w('Zoe Park'), w('+44 7911 123456'), w('yes')],
    { date: '2026-12-02', time: '13:30', service: 'Fön' }),
  trShop('h-tr-dukkan-saat-16',
    [w('yarın için randevu almak mümkün mü'), w('saat 16 olur mu'), w('Oya Kara'), w('0549 222 33 44'), w('olur')],
    { date: '2026-12-02', time: '16:00' }),
  enSalonWhatsApp('h-en-wa-cant-make-it',
    [w('hi, something came up and I cant make it to my appointment, please cancel it'), w('yes please', ['cancelled'])],
    null, { existing: { date: '2026-12-04', time: '16:00' }, cancelled: true }),
  trSalonWhatsApp('h-tr-wa-yarina-al',
    [w('randevumu yarına alabilir miyiz? saat 11 gibi'), w('evet')],
    { date: '2026-12-02', time: '11:00', service: 'Saç kesimi' }, { existing: { date: '2026-12-03', time: '15:00', service: 'Saç kesimi' }, cancelled: true }),
  enSalon('h-en-4th-around-3',
    [w('Is there a slot for a haircut on the 4th of December around 3?'), w('Tom Reed'), w('0532 999 88 77'), w('sure')],
    { date: '2026-12-04', time: '15:00', service: 'Saç kesimi' }),
  trSalon('h-tr-pazar-sabahi',
    [w('pazar sabahı fön için gelebilir miyim', ['kapalı']), w('pazartesi 9:30'), w('Ece Tan'), w('0541 333 44 55'), w('evet')],
    { date: '2026-12-07', time: '09:30', service: 'Fön' }),
  enSalon('h-en-next-friday-colour',
    [w('book me a colour for next friday morning'), w('1'), w('Ivy Hart'), w('0532 555 44 33'), w('ok')],
    { date: '2026-12-11', time: '09:00', service: 'Boya' }),
  trSalon('h-tr-arada-fiyat',
    [w('yarın 16:30 saç kesimi randevu'), w('fiyatı ne kadar?'), w('Ali Veli'), w('0542 444 55 66'), w('evet')],
    { date: '2026-12-02', time: '16:30', service: 'Saç kesimi' }),
]
