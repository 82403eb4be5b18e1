// The words of the choice answers (choice-answers.ts), in both languages:
// what a budget buys, cheaper ones than a product, suggestions, and the
// cheapest or dearest in each currency. Every price and name in them is a
// product's, read from the catalogue at reply time.
import { formatPrice } from '../../../../domain/products/currency.ts'
import type { Budget } from './amounts.ts'
import { describe, price, productLine, stockState } from './replies.ts'
import type { AssistantLanguage, CatalogueProduct } from './types.ts'

type Lang = AssistantLanguage

export function budgetList(products: readonly CatalogueProduct[], budget: Budget, more: boolean, language: Lang): string {
  const limit = formatPrice(budget.max, budget.currency, language)
  const from = budget.min !== undefined ? formatPrice(budget.min, budget.currency, language) : null
  const head =
    language === 'tr'
      ? from ? `${from} ile ${limit} arasındaki ürünler:` : `${limit} ve altındaki ürünler:`
      : from ? `Products between ${from} and ${limit}:` : `Products at ${limit} or less:`
  const tail = more ? [language === 'tr' ? 'Daha fazlası da var; aradığınız ürünü yazabilirsiniz.' : 'There are more; tell me what you are looking for.'] : []
  return [head, ...products.map((product) => productLine(product, language)), ...tail].join('\n')
}

export function budgetNone(budget: Budget, language: Lang): string {
  const limit = formatPrice(budget.max, budget.currency, language)
  const from = budget.min !== undefined ? formatPrice(budget.min, budget.currency, language) : null
  return language === 'tr'
    ? `Katalogda ${from ? `${from} ile ${limit} arasında` : `${limit} ve altında`} fiyatlı bir ürün yok.`
    : `There is nothing in the catalogue ${from ? `between ${from} and ${limit}` : `at ${limit} or less`}.`
}

/** None of the kind asked for is in the budget, though other products are (listed after it). */
export function budgetNoneOfKind(budget: Budget, language: Lang): string {
  const limit = formatPrice(budget.max, budget.currency, language)
  const from = budget.min !== undefined ? formatPrice(budget.min, budget.currency, language) : null
  return language === 'tr'
    ? `Aradığınız türden ${from ? `${from} ile ${limit} arasında` : `${limit} ve altında`} bir ürün yok.`
    : `Nothing of the kind you asked for is ${from ? `between ${from} and ${limit}` : `at ${limit} or less`}.`
}

/** After a budget's list of a kind none of which is in stock: what the same budget buys that is. */
export function budgetInStockInstead(products: readonly CatalogueProduct[], language: Lang): string {
  const head = language === 'tr' ? 'Bu bütçede stokta olan diğer ürünler:' : 'What is in stock within the same budget:'
  return [head, ...products.map((product) => productLine(product, language))].join('\n')
}

export function cheaperList(products: readonly CatalogueProduct[], than: CatalogueProduct, language: Lang): string {
  const head = language === 'tr' ? `${than.name} (${price(than, language)}) ürününden daha uygun olanlar:` : `Cheaper than ${than.name} (${price(than, language)}):`
  return [head, ...products.map((product) => productLine(product, language))].join('\n')
}

export function nothingCheaper(than: CatalogueProduct, language: Lang): string {
  return language === 'tr'
    ? `Katalogda ${than.name} (${price(than, language)}) ürününden daha uygun fiyatlı bir ürün yok.`
    : `There is nothing in the catalogue cheaper than ${than.name} (${price(than, language)}).`
}

/** "Anything cheaper?" of one product, when the catalogue has none of its kind for less (other things may cost less). */
export function nothingCheaperOfKind(than: CatalogueProduct, language: Lang): string {
  return language === 'tr'
    ? `Katalogda bu türde ${than.name} (${price(than, language)}) ürününden daha uygun fiyatlı bir ürün yok.`
    : `There is nothing of this kind in the catalogue cheaper than ${than.name} (${price(than, language)}).`
}

/** With `ageAsked`, that no record says which ages a product suits ("for a 10 year old"). */
export function recommendList(products: readonly CatalogueProduct[], language: Lang, ageAsked = false): string {
  const head = ageAsked
    ? language === 'tr' ? 'Katalogda ürünlerin hangi yaşa uygun olduğu yazmıyor; şunlar ilginizi çekebilir:' : "The catalogue doesn't say which ages its products suit; these might do:"
    : language === 'tr' ? 'Şunlar ilginizi çekebilir:' : 'These might suit you:'
  return [head, ...products.map((product) => describe(product, language))].join('\n')
}

/** "Anything else?" after suggestions, and none other fits the wish. */
export function noOtherRecommendation(language: Lang): string {
  return language === 'tr'
    ? 'Katalogda bu isteğe uyan başka bir ürün bulamadım. Bir ürün türü ya da bütçe yazarsanız yeniden bakarım; isterseniz tüm ürünleri de listeleyebilirim.'
    : "I couldn't find anything else in the catalogue for this. Tell me a kind of product or a budget and I'll look again, or I can list all products."
}

/** Asked what the present should be and told, and still nothing in the catalogue fits: said so, not asked again. */
export function noRecommendation(language: Lang): string {
  return language === 'tr'
    ? 'Katalogda buna uyan bir ürün bulamadım. Bir ürün türü ya da bütçe yazarsanız yeniden bakarım; isterseniz tüm ürünleri de listeleyebilirim.'
    : "I couldn't find anything in the catalogue for that. Tell me a kind of product or a budget and I'll look again, or I can list everything we have."
}

export function clarifyRecommendation(language: Lang): string {
  return language === 'tr'
    ? 'Size uygun bir şey bulabilmem için biraz daha anlatır mısınız: ne tür bir ürün arıyorsunuz, kimin için ve bütçeniz ne kadar?'
    : 'Could you tell me a little more: what kind of product are you looking for, who is it for, and what is your budget?'
}

/** The cheapest or dearest product in each currency: prices in different currencies are never ranked together. */
export function extreme(products: readonly CatalogueProduct[], order: 'cheapest' | 'priciest', language: Lang): string {
  const label = order === 'cheapest' ? (language === 'tr' ? 'En uygun fiyatlı' : 'The cheapest') : language === 'tr' ? 'En pahalı' : 'The most expensive'
  if (products.length === 1) {
    const product = products[0]!
    return language === 'tr'
      ? `${label} ürün: ${product.name} — ${price(product, language)}, ${stockState(product, language)}.`
      : `${label} is ${product.name} at ${price(product, language)}, ${stockState(product, language)}.`
  }
  const head = language === 'tr' ? `${label} ürünler (para birimine göre):` : `${label}, by currency:`
  return [head, ...products.map((product) => productLine(product, language))].join('\n')
}
