// Courtesy in a closed set of words: greetings, thanks, leave-taking, a call
// for attention, and the words a customer leads with ("tamam, …"). A
// message made only of these is read here before the classifier is asked.
import { asksAQuestion, words, type Word } from './text.ts'

/** Words that open a message without asking anything. */
const OPENERS: ReadonlySet<string> = new Set([
  'merhaba', 'merhabalar', 'meraba', 'mrhb', 'selam', 'selamlar', 'slm', 'slmlar', 'mrb', 'sa', 'as', 'selamun', 'aleykum', 'selamunaleykum', 'aleykumselam', 'iyi', 'gunler',
  'aksamlar', 'sabahlar', 'hayirli', 'gunaydin', 'tunaydin', 'alo', 'hi', 'hii', 'hello', 'helo', 'hallo', 'hey', 'heyy', 'hiya', 'howdy', 'yo', 'sup', 'wassup', 'whatsup',
  'greetings', 'good', 'morning', 'afternoon', 'evening', 'there', 'everyone', 'kolay', 'gelsin',
])

/** A word that opens a message, its last letter drawn out or not ("merhabaa", "selamm"). */
export function opens(key: string): boolean {
  return OPENERS.has(key) || OPENERS.has(undrawn(key))
}

/** The word without its last letter doubled ("merhabaa" → "merhaba"); for greetings only: English words end so ("dress"). */
const undrawn = (key: string) => key.replace(/(\w)\1$/, '$1')

/** The words that only greet, whatever else they come with. */
const HELLOS = /^(merhaba|merhabalar|meraba|mrhb|selam|selamlar|slm|slmlar|mrb|selamun|gunaydin|tunaydin|hi|hii|hello|helo|hallo|hey|heyy|hiya|howdy)$/

// "Orada kimse var mı?", "bir sorum var", "hello, I have a question", "how are you?": calling for attention before
// asking, answered with a greeting that asks what is wanted. Made only of these words, with one that calls.
const CALLING_WORDS: ReadonlySet<string> = new Set([
  'orada', 'burada', 'kimse', 'var', 'mi', 'mu', 'musait', 'misiniz', 'misin', 'musunuz', 'bakar', 'nasilsiniz', 'nasilsin', 'naber', 'nasil', 'gidiyor',
  'soru', 'sorum', 'sormak', 'sorabilir', 'miyim', 'istiyorum', 'istiyordum', 'bir', 'sey', 'yardim', 'yardimci', 'olur', 'eder', 'edebilir',
  'anyone', 'here', 'there', 'is', 'are', 'this', 'the', 'shop', 'store', 'i', 'have', 'got', 'a', 'question', 'quick', 'can', 'could', 'ask',
  'something', 'help', 'me', 'you', 'how', 'doing', 'hope', 'well', 'whats', 'up', 'sup', 'baska', 'daha', 'another', 'one', 'more',
])
const CALLING = /^(orada|burada|kimse|musait|bakar|nasilsiniz|nasilsin|naber|soru|sorum|sormak|sorabilir|yardim|anyone|question|ask|help|how|hope|shop|store|sup)$/

const AMOUNT_WORDS = /^(much|many|kadar)$/

/** Whether the message only calls for attention ("orada kimse var mı?", "I have a question"), asking nothing yet. */
export function callsOnly(list: readonly Word[]): boolean {
  // "How much?" asks a price: "much" goes with thanks ("thank you very much"), not with a call.
  const keys = list.map((word) => word.key).filter((key) => !opens(key) && (!COURTESY_FILLERS.has(key) || AMOUNT_WORDS.test(key)))
  return keys.length > 0 && keys.every((key) => CALLING_WORDS.has(key)) && keys.some((key) => CALLING.test(key))
}

// Thanking and taking leave are said in a closed set of words, in endless orders ("sağlıcakla kalın efendim", "ok
// cool, catch you later"): a message made only of these is courtesy, whatever the classifier makes of its order.
const THANKS_WORDS: ReadonlySet<string> = new Set([
  'tesekkur', 'tesekkurler', 'tesekkurederim', 'tesekkurlar', 'tsk', 'tskler', 'tsklr', 'tskrler', 'sagol', 'sagolun', 'sagolasin', 'sag', 'eyvallah', 'eyv', 'eyw',
  'eline', 'saglik', 'ilginiz', 'ilginize', 'yardiminiz', 'yardimlariniz', 'thanks', 'thank', 'thx', 'thnx', 'tnx', 'ty', 'cheers', 'appreciated',
  'appreciate', 'merci', 'mersi', 'helpful', 'yardimci', 'oldunuz',
])
const PARTING_WORDS: ReadonlySet<string> = new Set([
  'gorusuruz', 'gorusmek', 'uzere', 'dilegiyle', 'hosca', 'hoscakal', 'hoscakalin', 'kal', 'kalin', 'bay', 'bye', 'byee', 'byebye', 'goodbye', 'later',
  'see', 'ya', 'soon', 'tomorrow', 'yarin', 'care', 'take', 'night', 'geceler', 'calismalar', 'hayirli', 'selametle', 'saglicakla', 'allaha', 'emanet',
  'ciao', 'cao', 'yeter', 'yeterli', 'dilerim', 'dileriz', 'peace', 'run', 'gotta', 'talk', 'chatting', 'evening', 'day', 'weekend', 'haftasonlari',
  'sonra', 'yazarim', 'bakarim', 'donerim', 'simdilik', 'now', 'that', 'thats', 'all', 'everything', 'it', 'for', 'today',
  'hallederiz', 'dusuneyim', 'dusunecegim', 'dusunurum', 'vazgectim', 'nevermind', 'never', 'mind', 'forget', 'changed', 'my', 'ill', 'check', 'let',
  'know', 'think', 'about', 'back', 'come', 'out', 'cya', 'laters', 'pass', 'next', 'time', 'maybe', 'belki', 'baska', 'touch', 'be', 'in', 'get',
  'to', 'leave', 'need', 'go', 'must', 'will', 'order', 'not', 'simdi', 'gitmem', 'gitmeliyim', 'cikmam', 'cikmaliyim', 'gerek', 'lazim',
  'hallederim', 'ugrarim', 'gelirim', 'haftaya', 'isler', 'bol', 'kazanclar', 'kolaylik', 'versin', 'allah', 'kendinize', 'kendine', 'bak', 'bakin',
  'kadardi',
])
/** Parting words that take leave only beside others ("that's all for now", "maybe next time", "şimdi gitmem gerek"). */
const PARTING_ONLY_WITH_OTHERS =
  /^(now|that|thats|all|everything|it|for|today|sonra|simdilik|my|ill|let|know|about|back|come|out|check|think|take|see|talk|run|next|time|maybe|belki|baska|be|in|get|to|need|must|will|order|not|simdi|gerek|lazim|haftaya|bol|allah|kendinize|kendine|bak|bakin)$/
/** Words that go with courtesy without changing it: whom it is said to, and small words. */
const COURTESY_FILLERS: ReadonlySet<string> = new Set([
  'efendim', 'kardesim', 'kardes', 'abi', 'abla', 'hocam', 'canim', 'dostum', 'mate', 'dear', 'sir', 'madam', 'bro', 'guys', 'friend', 'you', 'your',
  'so', 'very', 'much', 'lot', 'a', 'cok', 'bu', 'kadar', 'o', 'zaman', 'then', 'icin', 'for', 'the', 'help', 'have', 'nice', 'good', 'great', 'and',
  'de', 'da', 'size', 'sizlere', 'herkese', 'iyi', 'gunler', 'aksamlar', 'sabahlar', 'morning', 'afternoon', 'kolay', 'gelsin', 'ol', 'olun', 'again', 'tekrar', 'oh', 'hadi', 'bi', 'i',
  'me', 'ben', 'around', 'simdiden', 'pesinen', 'advance', 'hanimefendi', 'beyefendi',
  // "İyiyim teşekkürler, siz?", "fine thanks, you?": how one is, and the question asked back.
  'iyiyim', 'iyiyiz', 'siz', 'sen', 'fine', 'well', 'im',
])

/** Whether the message is only thanks, a parting or a well-wish, and which: thanks when it thanks at all. */
export function courtesyOnly(list: readonly Word[]): 'thanks' | 'goodbye' | 'greeting' | null {
  const keys = list.map((word) => word.key)
  const known = (key: string) => THANKS_WORDS.has(key) || PARTING_WORDS.has(key) || COURTESY_FILLERS.has(key) || LEADERS.has(key) || opens(key)
  if (!keys.every(known)) return null
  if (keys.some((key) => THANKS_WORDS.has(key))) return 'thanks'
  // "Merhaba efendim, iyi çalışmalar": a wish said with a hello comes with the hello.
  if (keys.some((key) => HELLOS.test(key) || HELLOS.test(undrawn(key)))) return 'greeting'
  // "Şimdilik bu kadar", "that's all for now": taking leave needs a word that only takes leave.
  const leaves = keys.some((key) => PARTING_WORDS.has(key) && !PARTING_ONLY_WITH_OTHERS.test(key))
  // "Kolay gelsin", "ok bu kadar": said on leaving, though the words say it only together.
  const line = ` ${keys.join(' ')} `
  if (leaves || / (bu kadar|kolay gelsin|let you know|see you|see ya|talk soon|talk later|gotta run|not today|next time|baska zaman|get back|iyi bak\w*) /.test(line)) return 'goodbye'
  // "İyi akşamlar size": a wish said on coming in as much as on leaving, answered as a greeting, which asks what is wanted.
  return / (iyi (gunler|aksamlar|sabahlar)|good (morning|afternoon)) /.test(line) ? 'greeting' : null
}

/**
 * Whether thanks or a parting the classifier heard is borne out by the words: one of thanks or leave-taking said, and
 * little else ("anything for saturday night dinner party" is no "good night").
 */
export function saysCourtesy(message: string): boolean {
  const keys = words(message).map((word) => word.key)
  const known = (key: string) => THANKS_WORDS.has(key) || PARTING_WORDS.has(key) || COURTESY_FILLERS.has(key) || LEADERS.has(key) || opens(key)
  return keys.some((key) => THANKS_WORDS.has(key) || PARTING_WORDS.has(key)) && keys.filter((key) => !known(key)).length <= 2
}

/** Where thanks may begin: a word of thanks, "çok" or "şimdiden" before one. */
const THANKS_BEGINS = /(?<=^|[\s,.!?;:])(?:(?:çok|cok|şimdiden|simdiden|peşinen|pesinen)\s+)?(?:teşekkür|tesekkur|tşk|tsk|sağ\s?ol|sag\s?ol|thank|thx|ty(?=[\s,.!]|$)|cheers)/giu
/** Where a clause ends: what comes before may be thanks said first ("thanks, how much is the mug?"). */
const CLAUSE_END = /[,.!;:]+\s+/gu

/**
 * The question without the thanks said before or after it ("kargo kaç günde gelir? teşekkürler", "deri ceket ne kadar,
 * şimdiden teşekkürler", "thanks, how much is the mug"), when a question of two words or more is left; the message as
 * it is otherwise. Read whole, the thanks drowns out the question.
 */
export function withoutThanks(message: string): string {
  // ("She loves it, thanks" tells, and thanks: no question is left.)
  const asks = (rest: string) => words(rest).length >= 2 && courtesyOnly(words(rest)) === null && asksAQuestion(rest)
  for (const at of message.matchAll(THANKS_BEGINS)) {
    const [rest, thanks] = [message.slice(0, at.index), message.slice(at.index)]
    if (courtesyOnly(words(thanks)) === 'thanks' && asks(rest)) return rest.replace(/[\s,;:-]+$/u, '')
  }
  for (const at of message.matchAll(CLAUSE_END)) {
    const [thanks, rest] = [message.slice(0, at.index), message.slice(at.index + at[0].length)]
    if (courtesyOnly(words(thanks)) === 'thanks' && asks(rest)) return rest
  }
  return message
}

// Words a customer leads with before the question ("tamam, nasıl alırım?"): an answer to the last reply, not the question.
export const LEADERS: ReadonlySet<string> = new Set(['tamam', 'tamamdir', 'tmm', 'peki', 'evet', 'olur', 'anladim', 'ok', 'okay', 'oki', 'okey', 'yes', 'yeah', 'yep', 'sure', 'alright', 'right', 'so', 'well', 'hmm', 'great', 'cool', 'super', 'harika', 'guzel', 'sey'])
