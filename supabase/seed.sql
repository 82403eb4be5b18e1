-- Demo data for a fresh local database: one business owner who can sign in
-- at once (demo@example.com / demo1234) with a verified phone, credits,
-- a catalogue, customers, a month of appointments and a short chat history.
-- Ids are fixed so every fresh database looks the same; appointment dates are
-- relative to the current month so the calendar is never empty.

-- Every demo id is d0000000-0000-4000-8000- and a number: 1 the owner, 2 its
-- identity, 3 its purchase, 101… products, 201… customers, 301… appointments.
create function pg_temp.demo_id(n integer) returns uuid
language sql immutable
as $$ select format('d0000000-0000-4000-8000-%s', lpad(n::text, 12, '0'))::uuid $$;

-- The owner: inserting the auth user fires handle_new_user, which creates the
-- profile, zero credits, the assistant configuration and the quotas.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
) values (
  '00000000-0000-0000-0000-000000000000',
  pg_temp.demo_id(1),
  'authenticated',
  'authenticated',
  'demo@example.com',
  extensions.crypt('demo1234', extensions.gen_salt('bf', 10)),
  now(),
  '{"provider":"email","providers":["email"]}',
  '{"business_name":"Demo Butik","phone_number":"+905551112233"}',
  now(),
  now()
);

insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
values (
  pg_temp.demo_id(2),
  pg_temp.demo_id(1),
  pg_temp.demo_id(1),
  jsonb_build_object('sub', pg_temp.demo_id(1), 'email', 'demo@example.com', 'email_verified', true),
  'email',
  now(),
  now(),
  now()
);

-- Hosted GoTrue keeps more token columns than the local bootstrap and cannot
-- read them back as NULL; blank them where they exist so the demo user can
-- also sign in after `supabase db reset`.
do $$
declare
  col text;
begin
  foreach col in array array['confirmation_token', 'recovery_token', 'email_change_token_new', 'email_change'] loop
    if exists (
      select 1 from information_schema.columns
      where table_schema = 'auth' and table_name = 'users' and column_name = col
    ) then
      execute format('update auth.users set %1$I = coalesce(%1$I, %2$L) where id = %3$L', col, '', pg_temp.demo_id(1));
    end if;
  end loop;
end
$$;

update public.users
set phone_verified = true
where id = pg_temp.demo_id(1);

update public.credits
set amount = 250, used = 0, remaining = 250
where user_id = pg_temp.demo_id(1);

-- The Starter plan (250 messages, 15 dollars = 1500 cents) that paid for them.
insert into public.transactions (id, user_id, amount, credits_purchased, status, provider, provider_session_id, price_id, created_at)
values (
  pg_temp.demo_id(3),
  pg_temp.demo_id(1),
  1500,
  250,
  'completed',
  'local',
  'local_demo_session_0001',
  'price_starter',
  now() - interval '3 days'
);

-- Catalogue: hand-made entries plus one Excel batch (the last three).
insert into public.products (id, user_id, name, description, price, currency, stock, product_link, group_id, created_at, updated_at)
select pg_temp.demo_id(p.n), pg_temp.demo_id(1), p.name, p.description, p.price, p.currency, p.stock,
       p.product_link, p.group_id, now() - p.age, now() - p.age
from (values
  (101, 'Keten Gömlek', 'Yazlık, nefes alan %100 keten gömlek', 649.90, 'TRY', 25,
   'https://demo-butik.example.com/urun/keten-gomlek', null, interval '20 days'),
  (102, 'Deri Omuz Çantası', 'El yapımı hakiki deri omuz çantası', 1899.00, 'TRY', 8,
   'https://demo-butik.example.com/urun/deri-canta', null, interval '19 days'),
  (103, 'İpek Eşarp', 'Desenli ipek eşarp, 90x90 cm', 45.00, 'EUR', 15, null, null, interval '18 days'),
  (104, 'Yün Kazak', 'Merinos yünü, balıkçı yaka kazak', 79.00, 'USD', 12, null, null, interval '17 days'),
  (105, 'Pamuklu Tişört', 'Organik pamuk, bisiklet yaka tişört', 249.00, 'TRY', 60, null, null, interval '16 days'),
  (106, 'Kot Pantolon', 'Yüksek bel, düz paça kot pantolon', 899.50, 'TRY', 30,
   'https://demo-butik.example.com/urun/kot-pantolon', null, interval '15 days'),
  (107, 'Güneş Gözlüğü', 'UV400 korumalı, polarize camlı', 39.99, 'GBP', 10, null, null, interval '14 days'),
  (108, 'Gümüş Kolye', '925 ayar gümüş, zincir uzunluğu 45 cm', 120.00, 'USD', 5, null, null, interval '13 days'),
  (109, 'Hasır Şapka', 'Geniş kenarlı yazlık hasır şapka', 349.00, 'TRY', 0, null, null, interval '12 days'),
  (110, 'Spor Ayakkabı', 'Hafif tabanlı günlük spor ayakkabı', 59.90, 'USD', 20,
   null, 'excel_1763769600000_demo01', interval '5 days'),
  (111, 'Kadife Ceket', 'Slim kesim kadife ceket', 89.00, 'EUR', 7,
   null, 'excel_1763769600000_demo01', interval '5 days'),
  (112, 'Nakışlı Elbise', 'El nakışlı, midi boy pamuklu elbise', 1299.00, 'TRY', 9,
   'https://demo-butik.example.com/urun/nakisli-elbise', 'excel_1763769600000_demo01', interval '5 days')
) as p (n, name, description, price, currency, stock, product_link, group_id, age);

insert into public.customers (id, user_id, name, phone_number, email, notes)
select pg_temp.demo_id(c.n), pg_temp.demo_id(1), c.name, c.phone_number, c.email, c.notes
from (values
  (201, 'Ayşe Yılmaz', '+905321234567', 'ayse.yilmaz@example.com', 'Keten ürünleri seviyor.'),
  (202, 'Mehmet Kaya', '+905332345678', null, null),
  (203, 'Zeynep Demir', '+905443456789', 'zeynep.demir@example.com', 'Beden: M. Hafta içi öğleden sonra uygun.'),
  (204, 'Ahmet Çelik', '+905054567890', null, 'Kurumsal hediye siparişleri için arıyor.'),
  (205, 'Elif Şahin', '+905365678901', 'elif.sahin@example.com', null),
  (206, 'Can Öztürk', '+905426789012', null, 'Tadilat randevusu için hatırlatma istiyor.')
) as c (n, name, phone_number, email, notes);

insert into public.appointments (id, user_id, customer_id, appointment_date, appointment_time, duration_minutes, status, description, notes)
select pg_temp.demo_id(a.n), pg_temp.demo_id(1), pg_temp.demo_id(a.customer),
       date_trunc('month', current_date)::date + a.day_offset, a.start_time::time, a.duration, a.status, a.description, a.notes
from (values
  (301, 201, 1, '10:00', 60, 'completed', 'Yeni sezon ürün tanıtımı', null),
  (302, 202, 3, '14:30', 30, 'completed', 'Ürün değişimi', 'Bir beden büyük kot pantolon.'),
  (303, 203, 5, '11:00', 90, 'no_show', 'Stil danışmanlığı', null),
  (304, 204, 8, '16:00', 60, 'cancelled', 'Kurumsal hediye seçimi', 'Müşteri tarihi ertelemek istedi.'),
  (305, 205, 10, '13:00', 30, 'completed', 'Sipariş teslimi', null),
  (306, 206, 12, '09:30', 120, 'confirmed', 'Elbise tadilatı ve prova', 'Nakışlı elbise için paça kısaltma.'),
  (307, 201, 15, '15:00', 60, 'scheduled', 'Yeni gelen keten koleksiyonu', null),
  (308, 203, 18, '10:30', 180, 'scheduled', 'Gardırop yenileme danışmanlığı', 'Uzun görüşme, kahve ikramı.'),
  (309, 202, 22, '17:00', 60, 'confirmed', 'Deri çanta teslimi', null),
  (310, 205, 26, '12:00', 90, 'scheduled', 'Özel gün kombini', null)
) as a (n, customer, day_offset, start_time, duration, status, description, notes);

-- The website widget, on: `npm start` serves a page embedding it (DEMO_URL,
-- supabase/local/widget-demo.ts) on http://localhost:<port>. The app and the
-- API run on 127.0.0.1, so that page is another origin, and chatbot-api lets
-- it in only because `localhost` is listed here.
update public.chatbot_configs
set enabled = true,
    bot_name = 'Demo Butik Asistanı',
    welcome_message = 'Merhaba! Demo Butik''e hoş geldiniz. Ürünlerimiz, fiyatlarımız ve stok durumu hakkında sorabilirsiniz.',
    primary_color = '#0C7A6B',
    allowed_domains = '{localhost}'
where user_id = pg_temp.demo_id(1);

-- What the assistant knows about the shop besides its catalogue: the
-- profile handle_new_user created, filled in, and a few FAQ entries.
update public.business_profiles
set address = 'Moda Cad. No: 12, Kadıköy, İstanbul',
    maps_url = 'https://maps.example.com/demo-butik',
    contact_phone = '0212 555 01 23',
    contact_email = 'merhaba@demo-butik.example.com',
    opening_hours = '{"mon": [["10:00", "19:00"]], "tue": [["10:00", "19:00"]], "wed": [["10:00", "19:00"]],
                      "thu": [["10:00", "19:00"]], "fri": [["10:00", "19:00"]], "sat": [["11:00", "17:00"]], "sun": []}',
    time_zone = 'Europe/Istanbul',
    shipping_info = '750 TL ve üzeri siparişlerde kargo ücretsiz, altında 59,90 TL. Siparişler 1-3 iş gününde kargoya verilir; teslimat genellikle 2-4 iş günü sürer.',
    returns_info = 'Teslimattan sonra 14 gün içinde, etiketi sökülmemiş ürünleri iade edebilir veya değiştirebilirsiniz. İade kargosu bize aittir.',
    payment_info = 'Kredi kartı, banka kartı ve havale/EFT ile ödeme alıyoruz. Kredi kartına 3 taksit imkânı var; kapıda ödeme yoktur.',
    ordering_info = 'Sipariş için ürün sayfasındaki bağlantıdan satın alabilir ya da WhatsApp''tan ürün adı ve adedini yazabilirsiniz.'
where user_id = pg_temp.demo_id(1);

insert into public.faq_entries (user_id, question, answer)
values
  (pg_temp.demo_id(1), 'Hediye paketi yapıyor musunuz?', 'Evet, her siparişi ücretsiz hediye paketiyle gönderebiliriz; sipariş notuna yazmanız yeterli.'),
  (pg_temp.demo_id(1), 'Yurt dışına gönderim var mı?', 'Şimdilik yalnızca Türkiye içine gönderim yapıyoruz.'),
  (pg_temp.demo_id(1), 'Ürünleriniz nerede üretiliyor?', 'Ürünlerimizin çoğu İstanbul''daki atölyelerde üretiliyor.'),
  (pg_temp.demo_id(1), 'Toptan satış yapıyor musunuz?', 'Toptan siparişler için merhaba@demo-butik.example.com adresine yazabilirsiniz.');

-- Customers book through the assistant: booking on, with the hours above
-- and three services (the calendar's own appointments keep their place).
update public.booking_settings
set enabled = true
where user_id = pg_temp.demo_id(1);

insert into public.services (user_id, name, duration_minutes, price, currency)
values
  (pg_temp.demo_id(1), 'Stil danışmanlığı', 90, 750, 'TRY'),
  (pg_temp.demo_id(1), 'Tadilat ve prova', 60, 300, 'TRY'),
  (pg_temp.demo_id(1), 'Ürün deneme randevusu', 30, null, 'TRY');

-- A short widget conversation, a WhatsApp exchange and a WhatsApp customer
-- waiting for a person, for the inbox and the statistics tab; each answer
-- follows its question by a few seconds.
-- Conversation ids are the server's: drawn here, bound to the owner and channel.
create temporary table demo_conversations as
select c.thread, c.channel, c.contact, c.status, c.reason, c.unread, gen_random_uuid() as id
from (values
  ('demo-widget-1', 'widget', null, 'resolved', null, 0),
  ('demo-whatsapp-1', 'whatsapp', '905443456789', 'bot', null, 0),
  ('demo-whatsapp-2', 'whatsapp', '905321112233', 'needs_human', 'asked', 2)
) as c (thread, channel, contact, status, reason, unread);

create temporary table demo_messages as
select m.*
from (values
  ('demo-widget-1', 'customer', 'Merhaba, keten gömleğin M bedeni var mı?', interval '2 days 3 hours', interval '0', null, null, null),
  ('demo-widget-1', 'assistant', 'Keten Gömlek stokta var (25 adet), fiyatı 649,90 ₺. Katalogda beden bilgisi yer almıyor; M beden için Demo Butik''e 0212 555 01 23 numarasından sorabilirsiniz.',
   interval '2 days 3 hours', interval '5 seconds', 'unknown', 'attribute', 64),
  ('demo-widget-1', 'customer', 'Teşekkürler, yarın mağazaya uğrayacağım.', interval '2 days 2 hours', interval '0', null, null, null),
  ('demo-widget-1', 'assistant', 'Rica ederim, sizi bekliyoruz! Başka bir sorunuz olursa yazabilirsiniz.',
   interval '2 days 2 hours', interval '4 seconds', 'answered', 'thanks', 21),
  ('demo-whatsapp-1', 'customer', 'İpek eşarp hangi renklerde var?', interval '5 hours', interval '0', null, null, null),
  ('demo-whatsapp-1', 'assistant',
   'İpek eşarbımızın desenli modeli 45 € fiyatla stokta. Renk seçenekleri için mağazamızla iletişime geçebilirsiniz.',
   interval '5 hours', interval '6 seconds', 'unknown', 'attribute', 58),
  ('demo-whatsapp-2', 'customer', 'Deri çantayı hediye olarak almak istiyorum, kişiye özel isim yazdırabilir miyim?', interval '40 minutes', interval '0', null, null, null),
  ('demo-whatsapp-2', 'assistant', 'Deri Omuz Çantası için katalogda bu bilgi yer almıyor. Demo Butik size yardımcı olabilir: 0212 555 01 23 · merhaba@demo-butik.example.com',
   interval '40 minutes', interval '5 seconds', 'unknown', 'attribute', 71),
  ('demo-whatsapp-2', 'customer', 'Bir yetkiliyle görüşebilir miyim?', interval '38 minutes', interval '0', null, null, null),
  ('demo-whatsapp-2', 'assistant', 'Sizi ekibimize aktardım; Demo Butik size buradan yanıt verecek.', interval '38 minutes', interval '4 seconds', 'handoff', 'human', 18)
) as m (thread, author, content, asked, answer_delay, outcome, kind, reply_ms);

insert into public.conversations (id, user_id, channel, contact, status, handoff_reason, unread_count, created_at, last_message_at, customer_id)
select c.id, pg_temp.demo_id(1), c.channel, c.contact, c.status, c.reason, c.unread,
       now() - (select max(m.asked) from demo_messages m where m.thread = c.thread),
       now() - (select min(m.asked - m.answer_delay) from demo_messages m where m.thread = c.thread),
       (select cu.id from public.customers cu where cu.user_id = pg_temp.demo_id(1) and cu.phone_number = '+' || c.contact limit 1)
from demo_conversations c;

-- In time order, so each reply finds its question (chatbot_reply_links) and counts into the owner's day.
insert into public.chatbot_messages (user_id, channel, conversation_id, author, content, created_at, outcome, kind, reply_ms)
select pg_temp.demo_id(1), c.channel, c.id, m.author, m.content, now() - m.asked + m.answer_delay, m.outcome, m.kind, m.reply_ms
from demo_messages m
join demo_conversations c on c.thread = m.thread
order by now() - m.asked + m.answer_delay;
drop table demo_messages;
drop table demo_conversations;

drop function pg_temp.demo_id(integer);
