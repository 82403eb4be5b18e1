// The built-in responder's training corpus: example messages for each
// intent, in Turkish and English, from which nlu.ts trains its classifier
// when the function starts. Write them as customers write to a shop (short,
// often without Turkish letters, with typos): the classifier folds letters,
// stems and corrects one-letter typos itself, so a new phrasing needs a new
// line only when it uses words no line of its intent has. Product names do
// not belong here: which product a message is about is the catalogue
// search's job, and a name in the corpus would tie that word to one intent.
// See README.md in this folder for the intents and how each is answered.
/* eslint-disable max-lines -- data: one line an example */

export type CorpusLanguage = 'tr' | 'en'
export type CorpusEntry = { intent: string; language: CorpusLanguage; text: string }

/** One example per non-blank line. */
function examples(intent: string, language: CorpusLanguage, block: string): CorpusEntry[] {
  return block
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((text) => ({ intent, language, text }))
}

export const CORPUS: readonly CorpusEntry[] = [
  // Courtesy ------------------------------------------------------------------
  ...examples('greeting', 'tr', `
    nasılsınız
    merhabalar iyi günler
    selam millet
    hayırlı günler
    sa
    as
    merhabaa
    selamm
    iyi akşamlar kolay gelsin
    merhaba
    merhabalar
    selam
    selamlar
    iyi günler
    iyi akşamlar
    günaydın
    mrb
    slm
    selamün aleyküm
    merhaba nasılsınız
    hey selam
    kolay gelsin
  `),
  ...examples('greeting', 'en', `
    good day
    hey hello
    hiya
    hello
    hi
    hi there
    hey
    good morning
    good afternoon
    good evening
    hello how are you
    greetings
    whats up
    wassup
    how are you doing
  `),
  ...examples('thanks', 'tr', `
    ok tşk
    tşk ederim
    tşkler
    saol
    sağol
    teşekkürler çok iyi
    teşekkürler
    teşekkür ederim
    çok teşekkürler
    sağ olun
    sağolun çok yardımcı oldunuz
    eyvallah
    tşk
    çok naziksiniz teşekkürler
    harika teşekkürler
  `),
  ...examples('thanks', 'en', `
    thx
    ty
    thanks mate
    thanks
    thank you
    thank you so much
    thanks a lot
    great thanks
    cheers that helps
    much appreciated
  `),
  ...examples('goodbye', 'tr', `
    hoşça kalın
    görüşürüz
    görüşmek üzere
    iyi çalışmalar
    şimdilik bu kadar
    bay bay
    bir düşüneyim
    düşüneceğim
    sonra yazarım
    sonra tekrar bakarım
    iyi geceler
    hoşça kal
    allaha emanet
    kendinize iyi bakın
    başka sorum yok
    sonra dönerim
    hadi bay
    tamamdır görüşürüz
    hayırlı akşamlar dilerim
    şimdilik yok teşekkürler
    yok başka bir şey yok
    hepsi bu kadar
    hoşçakalın
    kendine iyi bak
    bu kadar yeter
  `),
  ...examples('goodbye', 'en', `
    bye
    goodbye
    see you
    see you later
    have a nice day
    take care
    i will think about it
    let me think about it
    maybe later
    see ya
    talk soon
    have a good one
    that'll be all
    nothing else
    no that's it
    i'll come back later
    ciao
    bye bye
    good night
    bye then
    that's all for now
    that's everything, bye
    that is all
  `),
  ...examples('ack', 'tr', `
    tamam
    peki
    anladım
    tamamdır
    oldu
    ok
    evet
    hmm tamam
    peki o zaman
  `),
  ...examples('ack', 'en', `
    ok
    okay
    got it
    i see
    alright
    fine
    sure
    yes
  `),

  // The business -------------------------------------------------------------
  ...examples('hours', 'tr', `
    çalışma saatleriniz nedir
    çalışma saatleri
    kaçta açılıyorsunuz
    kaçta açıyorsunuz
    kaçta kapanıyorsunuz
    kaça kadar açıksınız
    şu an açık mısınız
    açık mısınız
    bugün açık mısınız
    yarın açık mı
    pazar günü açık mısınız
    cumartesi açık mı
    hafta sonu açık mısınız
    hafta sonları çalışıyor musunuz
    mesai saatleriniz
    dükkan kaçta açılıyor
    mağaza saat kaçta kapanıyor
    bugün kaça kadar açıksınız
    pazartesi kaçta açıyorsunuz
    akşam kaça kadar buradasınız
    kapalı mısınız
    bayramda açık mısınız
    öğle arası veriyor musunuz
    ziyaret saatleri
    hafta sonu çalışıyor musunuz
    pazar çalışıyor musunuz
    cumartesi çalışıyor musunuz
    bugün çalışıyor musunuz
    şu an açık mı
  `),
  ...examples('hours', 'en', `
    what are your opening hours
    opening hours
    when do you open
    when do you close
    what time do you close today
    are you open now
    are you open today
    are you open tomorrow
    are you open on sunday
    opening hours on saturday
    are you open at the weekend
    what time do you open on monday
    business hours
    how late are you open
    are you closed today
    store hours
  `),
  ...examples('location', 'tr', `
    hangi ilçedesiniz
    hangi semtte
    hangi şehirdesiniz
    mağaza nerede
    mağaza adresi
    dükkanınız hangi caddede
    nerdesiniz
    mağazanız nerede
    adresiniz nedir
    neredesiniz
    adres alabilir miyim
    dükkanınız nerede
    konumunuzu atar mısınız
    konum
    size nasıl gelebilirim
    mağazaya nasıl ulaşırım
    hangi semttesiniz
    fiziksel mağazanız var mı
    yol tarifi
    haritada neredesiniz
    gelip bakabilir miyim
  `),
  ...examples('location', 'en', `
    where are you located
    where is your shop
    what is your address
    address please
    how do i get to your store
    do you have a physical store
    send me your location
    directions to the shop
    can i visit the store
    where are you based
    how do i find you
    where's the shop at
    send me the map link
    google maps link please
    is there a map
  `),
  ...examples('contact', 'tr', `
    telefonunuz kaç
    mail adresi verir misiniz
    e-posta verir misiniz
    size nereden yazabilirim
    sizi nereden arayabilirim
    nereden ulaşırım sizlere
    bir numara verin sizi arayayım
    whatsapp hattınız var mı
    destek hattı
    mail atabilir miyim
    telefonla ulaşabilir miyim
    telefon numaranız nedir
    size nasıl ulaşabilirim
    iletişim bilgileriniz
    numaranızı alabilir miyim
    e-posta adresiniz nedir
    mail adresiniz
    sizi arayabilir miyim
    iletişim
    whatsapp numaranız
    hangi numaradan ulaşırım
    sosyal medya hesaplarınız
    tiktok hesabınız var mı
  `),
  ...examples('contact', 'en', `
    what is the best way to contact you
    phone number please
    can i email you
    what is your phone number
    how can i contact you
    contact details
    email address
    can i call you
    how do i reach you
    contact info
    are you on instagram
    what is your instagram
    social media accounts
      do you have whatsapp
    how do i get in touch with you
    can i message you somewhere
  `),
  ...examples('shipping', 'tr', `
    ankaraya gönderiyor musunuz
    kargo ücreti kaç tl
    kargo dahil mi
    gönderim ücreti
    hangi kargoyla gelir
    kargo ücretli mi
    kargo ücreti ne kadar
    kargo bedava mı
    ücretsiz kargo var mı
    kargo kaç para
    kargoyu kim ödüyor
    hangi kargo firmasıyla gönderiyorsunuz
    kargo ile gönderiyor musunuz
    şehir dışına gönderim yapıyor musunuz
    gönderim yapıyor musunuz
    kargo şartları nedir
    kaç liradan sonra kargo bedava
    adrese teslim var mı
    kargo
    ürünleri nasıl yolluyorsunuz
    kargo için hangi şirketle çalışıyorsunuz
    paketi hangi firma getiriyor
  `),
  ...examples('shipping', 'en', `
    what courier company do you use
    who delivers the orders
    do you deliver to ankara
    postage cost
    is delivery included
    how much to ship it
    is shipping free
    how much is shipping
    shipping cost
    do you ship
    do you deliver
    free delivery
    which courier do you use
    do you offer free shipping
    delivery fee
    shipping
    what do you charge for delivery
    are there any shipping charges
    who delivers the parcel
  `),
  ...examples('delivery_time', 'tr', `
    kargoya ne zaman verirsiniz
    ne zaman elimde olur
    teslim süresi
    bugün verirsem yarın gelir mi
    kaç iş günü
    kargo kaç gün sürüyor
    kaç gün sürer
    ne kadar sürer
    kaç günde kargoya verilir
    teslimat kaç gün
    kaç günde gelir
    ne zaman gelir
    kaç günde elime ulaşır
    teslimat süresi ne kadar
    kargoya ne zaman verilir
    bugün sipariş versem ne zaman gelir
    siparişim kaç günde gelir
    hızlı gönderim var mı
    aynı gün kargo var mı
    ne kadar sürede teslim edersiniz
  `),
  ...examples('delivery_time', 'en', `
    how soon can i get it
    when would it arrive if i order today
    how long until it ships
    how many business days
    how long does delivery take
    when will it arrive
    how many days for delivery
    delivery time
    how fast do you ship
    when will my order be shipped
    do you have same day delivery
    when do orders go out
    how quickly do you dispatch
    when will i get it
    when is it sent out
  `),
  ...examples('returns', 'tr', `
    bedenini değiştirebilir miyim
    iade etmek istiyorum ne yapmalıyım
    uymazsa ne olacak
    iade yapabiliyor muyum
    iade var mı
    iade şartlarınız nedir
    değişim yapıyor musunuz
    ürünü değiştirebilir miyim
    beden değişimi var mı
    olmazsa geri gönderebilir miyim
    iade süresi kaç gün
    iade kargosu ücretli mi
    beğenmezsem iade edebilir miyim
    para iadesi
    değişim
    iade
    aldığım ürünü değiştirmek istiyorum
    küçük geldi değiştirebilir miyim
  `),
  ...examples('returns', 'en', `
    can i return it
    what is your return policy
    returns
    can i exchange it
    do you accept returns
    refund policy
    how many days do i have to return
    what if it does not fit
    exchange
    can i get my money back
    will you refund me if i change my mind
    it is too small can i swap it
    can i swap it for another size
  `),
  ...examples('payment', 'tr', `
    apple pay var mı
    google pay ile ödenir mi
    ödeme yöntemleri
    kredi kartıyla ödeyebiliyor muyum
    kartla ödeme olur mu
    nakit kabul ediyor musunuz
    taksitli satış var mı
    kaç taksit oluyor
    visa geçerli mi
    ödemeyi nasıl yapıyorum
    havale bilgileri
    peşin mi ödüyorum
    ödeme seçenekleri neler
    kredi kartı geçiyor mu
    taksit var mı
    kaç taksit yapıyorsunuz
    kapıda ödeme var mı
    havale ile ödeyebilir miyim
    eft yapabilir miyim
    nakit ödeme
    nasıl ödeme yapabilirim
    kartla ödeyebilir miyim
    ödeme
    kapıda ödeme alıyor musunuz
    kredi kartı alıyor musunuz
  `),
  ...examples('payment', 'en', `
    do you take visa
    can i pay with paypal
    is there an installment plan
    can i pay later
    do you accept mastercard
    what cards do you take
    payment options
    do you accept credit cards
    can i pay in installments
    cash on delivery
    can i pay by bank transfer
    how can i pay
    do you take cash
    payment methods
    do you take cards
  `),
  ...examples('ordering', 'tr', `
    2 adet alabilir miyim
    bir tane alabilir miyim
    üç tane istiyorum
    sipariş verebilir miyim
    siparişi nereden veriyorum
    almak istiyorum nasıl yapacağım
    nasıl alabilirim
    sipariş oluşturmak istiyorum
    nasıl sipariş verebilirim
    sipariş vermek istiyorum
    nasıl satın alırım
    nereden sipariş veririm
    tamam alıyorum
    2 tane alacağım
    bir tane almak istiyorum
    bunu alacağım
    sipariş nasıl verilir
    satın almak istiyorum
    sepete nasıl eklerim
    hemen alayım
    bundan iki adet istiyorum
    üç kutu alsam nasıl olur
    almak istesem ne yapmam lazım
    o zaman nasıl alırım
    bu olsun nasıl sipariş veririm
  `),
  ...examples('ordering', 'en', `
    how do i buy it
    i want to purchase it
    how can i place an order
    can i buy it here
    how do i order
    how can i buy it
    i want to order
    i will take two
    i would like to buy this
    how do i place an order
    i want one
    can i order it
    i'll take it
    can you hold one for me
    could you put it aside for me
  `),
  ...examples('human', 'tr', `
    bir yetkiliyle görüşmek istiyorum
    yetkili biriyle konuşabilir miyim
    müşteri temsilcisi
    insanla konuşmak istiyorum
    gerçek bir kişiyle görüşmek istiyorum
    sizi aramak istiyorum
    mağaza sahibiyle görüşebilir miyim
    bot değil insan istiyorum
    canlı destek
    biri bana dönebilir mi
    beni arayın
    temsilciye bağla
  `),
  ...examples('human', 'en', `
    i want to talk to a real person
    talk to someone
    can i speak to a human
    customer service
    connect me to an agent
    i want to speak to the owner
    live support
    can someone call me back
    human please
  `),
  ...examples('complaint', 'tr', `
    ürün elime ulaşmadı
    paketim gelmedi
    kargom gelmedi
    sipariş gelmedi
    hala bekliyorum
    ürün hasarlı geldi
    iade ettim param yatmadı
    siparişim gelmedi çok kızgınım
    siparişim hala gelmedi
    ürün kırık geldi
    yanlış ürün gönderdiniz
    çok kötü bir hizmet
    şikayetim var
    rezalet
    paramı geri istiyorum
    kargom kayboldu
    ürün bozuk çıktı
    hiç memnun kalmadım
    kimse cevap vermiyor
    siparişim nerede
    sipariş durumum ne
    kutu hasar görmüş
    ezik geldi
  `),
  ...examples('complaint', 'en', `
    my order has not arrived
    i am very angry
    the product arrived broken
    you sent the wrong item
    terrible service
    i want to complain
    where is my order
    my package is lost
    i want my money back
    i ordered last week and it still has not come
    my order still hasnt come
    the box was damaged
  `),
  ...examples('booking', 'tr', `
    randevu almak istiyorum
    yarın saat 15:00 için randevu alabilir miyim
    randevu alabilir miyim
    cuma günü için yer var mı
    randevu ayarlayalım
    müsait saatiniz var mı
    cumartesi gelsem bakar mısınız
    hangi gün gelebilirim
    rezervasyon yapmak istiyorum
    bir randevu oluşturabilir misiniz
    randevumu iptal etmek istiyorum
    randevumu değiştirebilir miyim
  `),
  ...examples('booking', 'en', `
    i want to book an appointment
    can i book for tomorrow at 10
    do you have a free slot on friday
    can i come in on saturday
    make a reservation
    book me in
    cancel my appointment
    reschedule my appointment
  `),
  ...examples('personal_info', 'tr', `
    numaram 0532 111 22 33
    telefonum 0555 123 45 67
    bu benim numaram
    ismim ayşe soyadım yılmaz
    adım ayşe
    benim adım mehmet numaram 0532 111 22 33
    numaram 0555 444 33 22
    ben ali
    telefonum 05321234567
    mail adresim ornek@ornek.com
    ismim zeynep
  `),
  ...examples('personal_info', 'en', `
    my name is john
    my number is 0532 111 22 33
    i am sarah
    my email is me@example.com
    this is anna
  `),

  ...examples('discounts', 'tr', `
    indirim var mı
    kampanya var mı
    indirim kodu var mı
    kupon kodu
    öğrenci indirimi var mı
    ikinci ürüne indirim
    indirimli ürünleriniz
    şu an kampanya var mı
  `),
  ...examples('discounts', 'en', `
    do you have any discounts
    any sales on
    promo code
    do you have a coupon
    student discount
    is there a sale
  `),

  // The previous question asked again of another product ("ya kablolu olan?").
  ...examples('again', 'tr', `
    ya diğeri
    peki öbürü
    ya öteki
    bir de şu
    o zaman şuna bakalım
  `),
  ...examples('again', 'en', `
    what about the
    how about the
    and the other one
    what about that one
    and this one
  `),

  // Products -----------------------------------------------------------------
  ...examples('price', 'tr', `
    fiyatı nedir acaba
    kaç liraya
    ne kadara
    fiyatı kaç
    fiyatı ne
    fiyatı ne kadar
    ne kadar
    kaç para
    kaç tl
    fiyatı nedir
    fiyat alabilir miyim
    bunun fiyatı
    ücreti ne kadar
    kaça satıyorsunuz
    fiyat bilgisi
    kaç lira
    bu kaça
    ne kadardı
    fiyatı neydi
  `),
  ...examples('price', 'en', `
    how much is this
    what does it go for
    what is the cost
    how much are they
    how much is it
    what is the price
    how much does it cost
    price please
    what does it cost
    how much
    price of this
  `),
  ...examples('stock', 'tr', `
    stokta kaç tane var
    kaç tane kaldı
    kaç adet var
    kaç adet kaldı
    stoğunuz var mı
    elinizde kaç tane var
    mevcudu var mı
    tükenmiş mi
    stokta var mı
    stok durumu
    stokta kaldı mı
    mevcut mu
    elinizde var mı
    hala var mı
    tükendi mi
    bulunuyor mu
    sizde var mı
  `),
  ...examples('stock', 'en', `
    how many are left
    how many do you have
    how many in stock
    are there any left
    is it still in stock
    do you have a
    do you have one
    do you have some
    do you have any
    do you sell them
    do you carry it
    have you got any
    do you have them
    do you stock it
    is it in stock
    do you have it
    is it available
    any left
    is it sold out
    do you have any in stock
    still available
    got any
    when will it be back in stock
    will you restock it
  `),
  ...examples('link', 'tr', `
    nereden alabilirim
    nereden alırım
    hangi siteden alabilirim
    internetten nereden alınır
    linki var mı
    link atar mısınız
    bağlantısını gönderir misiniz
    web sitesinde nerede
    ürün sayfası
    linkini alabilir miyim
    nereden satın alabilirim
  `),
  ...examples('link', 'en', `
    where can i buy it
    where can i get one
    where do i buy them
    send me the link
    do you have a link
    where can i buy it online
    product page
    link please
    website link
  `),
  ...examples('list', 'tr', `
    neler satıyorsunuz
    hangi ürünleriniz var
    ürünleriniz neler
    ne çeşitleriniz var
    modelleriniz neler
    seçenekleri göster
    katalog
    ürün listesi
    başka ne var
    neleriniz var
  `),
  ...examples('list', 'en', `
    what do you have in shoes
    what kinds of bags do you have
    what types do you have
    show me what you have in
    what do you sell
    what products do you have
    show me your products
    what options do you have
    list your products
    what else do you have
    catalogue
  `),
  ...examples('compare', 'tr', `
    hangisi daha iyi
    ikisi arasındaki fark ne
    karşılaştırır mısınız
    hangisini önerirsiniz bu mu o mu
    farkları neler
  `),
  ...examples('compare', 'en', `
    compare this with that
    compare the two
    which is cheaper this or that
    which one is better
    what is the difference between them
    compare them
    how do they differ
  `),
  ...examples('cheapest', 'tr', `
    en hesaplı ürününüz
    en hesaplısı hangisi
    en ekonomik ürün
    mağazadaki en ucuz şey ne
    en uygun fiyatlı şey hangisi
    en ucuzundan ne var
    en ucuz ürününüz ne
    en uygun fiyatlı hangisi
    en ucuzu hangisi
    en düşük fiyatlı ürün
    en hesaplısı
  `),
  ...examples('cheapest', 'en', `
    what is the lowest priced item in your shop
    cheapest thing in the store
    what costs the least
    what is the cheapest thing you sell
    cheapest item
    what is your least expensive product
    lowest price
    most affordable option
  `),
  ...examples('priciest', 'tr', `
    mağazadaki en pahalı şey ne
    en yüksek fiyatlı ne var
    en pahalı ürününüz ne
    en pahalısı hangisi
    en yüksek fiyatlı ürün
    en lüks ürününüz
      en değerli ürününüz hangisi
    en lüks ürününüz ne
  `),
  ...examples('priciest', 'en', `
    what is the priciest thing in your store
    what costs the most
    what is the most expensive thing you sell
    most expensive item
    priciest product
    highest price
    what's the dearest thing you have
    your top priced item
    the most premium product you sell
  `),
  ...examples('budget', 'tr', `
    500 tl altı ne var
    1000 liraya kadar ne önerirsin
    en fazla 300 lira
    bütçem 200 tl
    300 ile 500 tl arası
    500 liraya kadar ürün
    100 tl den ucuz
  `),
  ...examples('budget', 'en', `
    anything under 100 dollars
    under $50
    my budget is 200
    at most 300 lira
    between 100 and 200
  `),
  ...examples('recommend', 'tr', `
    ne önerirsiniz
    bana bir şey önerir misin
    hediye arıyorum
    annem için hediye
    sevgilime hediye ne alabilirim
    yazlık bir şey arıyorum
    düğün için ne giyebilirim
    tavsiyeniz nedir
    kış için ne önerirsiniz
    doğum günü hediyesi
    babama ne alayım
    ne almalıyım bilemedim
    arkadaşıma hediye bakıyorum fikriniz var mı
    eşime yıldönümü için bir şey lazım
    tatil için ne alınır
    ne hediye edebilirim
    önerin nedir
    ne alsam acaba
    hafif bir şey arıyorum
    şık bir şey bakıyorum
  `),
  ...examples('recommend', 'en', `
    what do you recommend
    can you suggest something
    i am looking for a gift
    gift for my mother
    something for a summer wedding
    i need an outfit for a wedding
    what should i wear to a party
    looking for something for the beach
    any suggestions
    what would you recommend for winter
    what should i get my dad
    any ideas for a present
    what's a good gift for a friend
    going on vacation what do you suggest
    what would make a nice present for my wife
    help me choose something
  `),
  ...examples('attribute', 'tr', `
    başka renk var mı
    başka rengi var mı
    başka bedeni var mı
    ne kadar büyük
    ağır mı
    hafif mi
    büyük mü küçük mü
    kalıbı nasıl
    dar mı geniş mi
    suya dayanıklı mı
    astarlı mı
    uyumlu mu
    kalın mı
    makinede yıkanır mı
    pili kaç saat gidiyor
    garantisi var mı
    içinde ne var
    özellikleri neler
    beyaz mı
    siyahı var mı
    kırmızı rengi var mı
    mavisi var mı
    boyu kaç
    boyu ne kadar
    uzunluğu ne kadar
    kaç beden
    large var mı
    small var mı
    m bedeni var mı
    bedenleri neler
    hangi bedenler var
    rengi ne
    hangi renkleri var
    başka rengi var mı
    kumaşı ne
    malzemesi nedir
    kokusu nasıl
    ne kokuyor
    hangi modellere uyuyor
    hangi cihazlarla uyumlu
    ölçüleri nedir
    boyutu ne kadar
    kaç numara
    kaç cm
    ağırlığı ne kadar
    hangi numaralar var
    siyahı var mı
    asit oranı ne
  `),
  ...examples('attribute', 'en', `
    is it organic
    is it early harvest
    what is the acidity
    any additives
    do you have it in other colours
    other colors available
    what colors
    what sizes do you have
    made of what
    is it heavy
    is it light
    how heavy is it
    is it waterproof
    is it lined
    is it compatible with
    does it have
    how thick is it
    what are its features
    does it come with a warranty
    is it white
    does it come in red
    how long is it
    is it cotton
    what size is it
    do you have it in medium
    what sizes are there
    what colour is it
    which colors are available
    what is it made of
    what material
    what are the dimensions
    how big is it
    do you have it in black
    what scent is it
    can i wear it in the shower
    can i use it in water
  `),

  // Phrasings from the corpus half of the conversation evaluation (tests/eval/assistant-set.ts), product names
  // taken out. Its held-out half (tests/eval/assistant-heldout.ts) is never copied here.
  ...examples('price', 'tr', `
    fiyatı nedir
    fiyatı
    ne kadar acaba
    kaç euro
    fiyati
  `),
  ...examples('ordering', 'tr', `
    tamam 2 tane alacağım nasıl sipariş verebilirim
  `),
  ...examples('goodbye', 'tr', `
    görüşmek üzere iyi günler
  `),
  ...examples('returns', 'tr', `
    olmazsa kaç gün içinde iade edebilirim
    iade kargo ücretini kim ödüyor
  `),
  ...examples('hours', 'tr', `
    cumartesi kaça kadar açıksınız
    yarın açık mısınız
    calisma saatleriniz
  `),
  ...examples('thanks', 'tr', `
    çok sağ olun
    tamam teşekkür ederim
  `),
  ...examples('payment', 'tr', `
    hangi ödeme yöntemlerini kabul ediyorsunuz
    taksit yapıyor musunuz
  `),
  ...examples('personal_info', 'tr', `
    adım ayşe numaram 0532 111 22 33
  `),
  ...examples('budget', 'tr', `
    500 liraya kadar ne önerirsin
    1000 liraya kadar var mı
    500 tl altı bir şey var mı
  `),
  ...examples('cheapest', 'tr', `
    en ucuz ürününüz hangisi
    en ucuz ürün hangisi
    en ucuzu hangisi
  `),
  ...examples('priciest', 'tr', `
    en pahalı ürününüz nedir
    en pahalısı hangisi
  `),
  ...examples('recommend', 'tr', `
    hediye için ne önerirsiniz
    yazlık bir şeyler arıyorum
  `),
  ...examples('list', 'tr', `
    ürünleriniz neler
    hangi modelleriniz var
  `),
  ...examples('stock', 'tr', `
    var mı
    kaldı mı
    ayakabı var mı
    stokta mı
  `),
  ...examples('compare', 'tr', `
    ile arasındaki fark ne
    bu mu o mu daha ucuz
  `),
  ...examples('attribute', 'tr', `
    kaç gram
    l bedeni var mı
    telefona uyar mı
  `),
  ...examples('off_topic', 'tr', `
    bana şarkı söyle
    iki artı iki kaç eder
    bir hikaye anlat
    ders çalışmama yardım et
    sen kimsin
    kaç yaşındasın
    dolar kaç tl
    bugün günlerden ne
    maç sonucu
    bitcoin ne olur
    yarın hava nasıl olacak
    bana bir fıkra anlatır mısın
  `),
  ...examples('link', 'tr', `
    nereden alabilirim
    bağlantısı
  `),
  ...examples('delivery_time', 'tr', `
    siparişim ne zaman kargoya verilir
  `),
  ...examples('location', 'tr', `
    konum atabilir misiniz
  `),
  ...examples('greeting', 'en', `
    hello there
  `),
  ...examples('price', 'en', `
    how much is the
    price of
    how much does the cost
    what is the price of the
    how much are the
  `),
  ...examples('link', 'en', `
    where can i buy the
    link for
    can you send me the link for the
  `),
  ...examples('compare', 'en', `
    compare the and the
    which is cheaper the or the
  `),
  ...examples('attribute', 'en', `
    does it have a us layout
    will it fit
    is it microwave safe
    what is the battery life
  `),
  ...examples('hours', 'en', `
    what are your opening hours on saturday
    what time do you open
  `),
  ...examples('returns', 'en', `
    can i return an item
  `),
  ...examples('payment', 'en', `
    what payment methods do you accept
  `),
  ...examples('priciest', 'en', `
    what is your most expensive product
    what is the most expensive one
  `),
  ...examples('budget', 'en', `
    do you have anything under 100
    anything between 50 and 100 dollars
  `),
  ...examples('recommend', 'en', `
    what would you recommend for a summer wedding
  `),
  ...examples('ordering', 'en', `
    id like to order two how do i do that
  `),
  ...examples('human', 'en', `
    can i speak to a real person
  `),
  ...examples('complaint', 'en', `
    my order hasnt arrived and im really upset
  `),
  ...examples('booking', 'en', `
    can i book an appointment for tomorrow at 3pm
  `),
  ...examples('personal_info', 'en', `
    my name is john my number is 0555 123 45 67
  `),
  ...examples('stock', 'en', `
    is the available
    is the in stock
    do you have
    do you have the
  `),
  ...examples('goodbye', 'en', `
    bye have a nice day
  `),
  ...examples('off_topic', 'en', `
    what is 2 plus 2
    sing me a song
    tell me a story
    are you a robot
    what is the meaning of life
    tell me about yourself
    what day is it today
    what is the exchange rate
    who won the football match yesterday
    write me a python script that sorts a list
  `),
  ...examples('list', 'en', `
    what models do you have
    what do you sell
  `),
  ...examples('contact', 'en', `
    whats your phone number
    do you have an email address
  `),

  // Not the shop's business -----------------------------------------------------
  ...examples('off_topic', 'tr', `
    hava durumu nasıl
    bana bir fıkra anlat
    türkiyenin başkenti neresi
    bir şiir yaz
    maç kaç kaç bitti
    python kodu yazar mısın
    seçimi kim kazanır
    yemek tarifi verir misin
    ödevime yardım eder misin
    en sevdiğin yemek ne
    futbolu sever misin
    yarın yağmur yağacak mı
    kar yağar mı bu hafta
  `),
  ...examples('off_topic', 'en', `
    what is the weather like
    tell me a joke
    what is the capital of france
    write me a poem
    who won the game
    did you watch the match
    write some python code
    do you like football
    what's your favourite food
    who is the president
    give me a recipe
    help me with my homework
    will it rain tomorrow
    is it going to snow this weekend
    recommend me a good movie to watch
    what series should i watch
    play some music
    translate this to german
    how do i lose weight
    whats in the news today
  `),
]
