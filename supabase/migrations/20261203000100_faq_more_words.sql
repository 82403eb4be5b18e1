-- search_faq reads a few more of the ways customers ask what an owner's FAQ
-- answers.
--
-- * "Faturalı", "faturanız" are "fatura", as "invoice" and "receipt" already
--   were: "faturalı satış var mı?" asks what "Fatura kesiyor musunuz?"
--   answers.
-- * "VAT" and "KDV" are "fatura" too, and so is issuing one ("kesebilir"); "packaging" is "paket"; a "present" is
--   "hediye"; "süslü" (wrapped fancily) is "paket"; "custom", "kişiselleştirme" and a "name print" are "isimbaski".
-- * More words count for nothing: "kadar" (how much), "süre"/"süresi" (how
--   long), "fark"/"farkı" (difference), "satış" (sale), "adına", the price
--   and the product words ("fiyat", "ürün", "price", "product", "item"),
--   "available", "provide", "as", and any number ("50 adet alsam"). "Garanti
--   süresi ne kadar?" asks about the warranty, "toplu alımda fiyat farkı var
--   mı?" about wholesale, "faturalı satış var mı?" about invoices, "is gift
--   packaging available?" about gift wrapping.
--
-- question_key reads the same terms, so the keys of stored unanswered
-- replies are computed again, as the previous change of these words did.

create or replace function public.search_faq_words(p_text text) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select pg_catalog.regexp_replace(pg_catalog.regexp_replace(pg_catalog.regexp_replace(pg_catalog.regexp_replace(
         pg_catalog.regexp_replace(pg_catalog.regexp_replace(pg_catalog.regexp_replace(pg_catalog.regexp_replace(
         pg_catalog.regexp_replace(pg_catalog.regexp_replace(pg_catalog.regexp_replace(pg_catalog.regexp_replace(
         pg_catalog.regexp_replace(pg_catalog.regexp_replace(pg_catalog.regexp_replace(pg_catalog.regexp_replace(p_text,
    -- Collecting in person, before "teslimat" and "mağaza" are rewritten.
    '\m((teslim|gelip|elden|kendim|(magaza|dukkan)[a-z]*) al(abil|inabil|sam|sak|irim|iriz|inir|mak|acag|ayim|iyor|ir\M|in\M)[a-z]*|elden teslim[a-z]*|pick ?up|pick (it|them) up|collect\M|collecting|in person|click and collect)', 'teslimal', 'g'),
    '\m(engrav|personali[sz]|customi[sz]|custom|monogram|kisiye ozel|kisisellestir|kisisel|isim (yazdir|yaz|baski|basi|bas)|name (on|printed|engraved|print))[a-z]*', 'isimbaski', 'g'),
    '\m(yurt ?disi|abroad|overseas|international|worldwide|ulke ?disi|avrupa|europe|almanya|germany|ingiltere|england|britain|hollanda|holland|netherlands|fransa|france|belcika|belgium|avusturya|austria|isvicre|switzerland|azerbaycan|azerbaijan|kibris|cyprus|kktc|amerika|america|kanada|canada|ispanya|spain|italya|italy|isvec|sweden|rusya|russia|yunanistan|greece|bulgaristan|bulgaria|gurcistan|dubai|katar|qatar)[a-z]*', 'yurtdisi', 'g'),
    '\m(uk|usa|abd|outside (of )?(turkey|turkiye)|(turkiye|turkey) (disi|disina|haric|harici)[a-z]*|other countries|baska ulke[a-z]*)\M', 'yurtdisi', 'g'),
    '\m(gonder|yolla|sevkiyat|teslimat|shipping|ship|ships|shipped|delivery|deliver|send|sent|courier|kurye|postage)[a-z]*', 'kargo', 'g'),
    '\m(toplu|wholesale|bulk|kurumsal|corporate)[a-z]*', 'toptan', 'g'),
    '\m(orjinal|original|genuine|authentic|fake|sahte|replika|replica|imitasyon|taklit|counterfeit)[a-z]*', 'orijinal', 'g'),
    '\m(invoice|receipt|billing|fatura|vat\M|kdv\M|kes(ebil|iyor|er\M|ilir|ilm|mek|tir))[a-z]*', 'fatura', 'g'),
    '\m(gift|present\M|presents\M)[a-z]*', 'hediye', 'g'),
    '\m(store|shop|dukkan|showroom)[a-z]*', 'magaza', 'g'),
    '\m(warrant|guarant)[a-z]*', 'garanti', 'g'),
    '\m(refund|return)[a-z]*', 'iade', 'g'),
    '\m(installment|instalment)[a-z]*', 'taksit', 'g'),
    '\m(voucher|coupon|kupon|card|kart|ceki\M|cek\M)[a-z]*', 'kart', 'g'),
    '\m(paket|ambalaj|wrap|packag|suslu)[a-z]*', 'paket', 'g'),
    '\m(electronic|elektronik)[a-z]*', 'elektronik', 'g')
$$;

create or replace function public.search_question_terms(p_text text) returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(pg_catalog.array_agg(t.w order by t.pos), '{}')
  from (
    select w, min(pos) as pos
    from pg_catalog.regexp_split_to_table(coalesce(public.search_faq_words(public.search_fold(p_text)), ''), '[^a-z0-9]+')
      with ordinality as x(w, pos)
    where pg_catalog.length(w) >= 2
      -- A number ("50 adet alsam") is the customer's own, never what an entry is about.
      and w !~ '^[0-9]+$'
      and w <> all (array[
        -- Turkish: particles, pronouns, and the verbs a question is made of
        'var', 'mi', 'mu', 'misiniz', 'musunuz', 'mudur', 'midir', 'miyim', 'muyum', 'miyiz', 'varmi', 'yok', 'ne', 'nasil',
        'acaba', 'bir', 'bu', 'su', 'ya', 've', 'ile', 'icin', 'da', 'de', 'ki', 'merhaba', 'selam', 'lutfen', 'peki',
        'sizde', 'siz', 'sizin', 'size', 'ben', 'benim', 'bana', 'nedir', 'oluyor', 'olur', 'olurmu', 'olabilir', 'mumkun',
        'yapiyor', 'yapiyormusunuz', 'yapiyorsunuz', 'yapabilir', 'yapabilirmisiniz', 'yapabiliyor', 'yapilir', 'yapilabilir',
        'ediyor', 'ediyormusunuz', 'ediyorsunuz', 'edebilir', 'edebilirmiyim', 'alabilir', 'alabilirmiyim', 'alabiliyor',
        'istiyorum', 'isterim', 'lazim', 'sey', 'hakkinda', 'bilgi', 'soru', 'sormak', 'hala', 'simdi',
        'olarak', 'satiyor', 'satiyorsunuz', 'satiyormusunuz', 'gelip', 'gelsem', 'gidip', 'uzerine', 'aliyor',
        'aliyorsunuz', 'aliyormusunuz', 'veriyor', 'veriyorsunuz', 'veriyormusunuz', 'yapiliyor',
        'kac', 'hangi', 'hangisi', 'ustune', 'ustunde', 'olsun', 'olursa', 'onlar', 'bunlar', 'hepsi', 'tum', 'butun', 'her',
        'alsam', 'alsak', 'alirsam', 'alirsak', 'alinca', 'alacagim', 'istesem', 'muyuz', 'misin', 'musun',
        'kadar', 'sure', 'suresi', 'fark', 'farki', 'satis', 'satisi', 'adina', 'adima',
        'fiyat', 'fiyati', 'fiyatlar', 'fiyatlari', 'fiyatiniz', 'fiyatlariniz', 'urun', 'urunu', 'urunler', 'urunleri', 'urunleriniz', 'urununuz',
        -- English
        'how', 'do', 'does', 'did', 'you', 'is', 'are', 'the', 'an', 'any', 'what', 'can', 'could', 'would', 'will', 'of',
        'for', 'in', 'to', 'it', 'me', 'my', 'your', 'please', 'hi', 'hello', 'there', 'we', 'have', 'has', 'get', 'about',
        'if', 'this', 'that', 'be', 'offer', 'ok', 'sell', 'up', 'at', 'on', 'or', 'and', 'with', 'from', 'may', 'possible',
        'which', 'these', 'those', 'they', 'them', 'want', 'need', 'buy', 'like', 'ur', 'also', 'just', 'still', 'anything',
        'everything', 'all', 'every', 'whats', 'im', 'ill', 'id',
        'available', 'availability', 'provide', 'provides', 'as', 'price', 'prices', 'pricing', 'product', 'products', 'item', 'items'
      ])
    group by w
  ) t
$$;

update public.chatbot_messages r
   set question_key = (public.question_key(q.content))[1:40]
  from public.chatbot_messages q
 where r.question_key is not null and q.id = r.question_id;
