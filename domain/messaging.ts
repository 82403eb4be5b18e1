// Where the business's texts may go. An SMS to another country costs many
// times a domestic one and is the currency of toll fraud, so reminders go
// only to the countries the business sells to. Turkey by default; a business
// abroad adds its own ISO 3166 codes here.
import { phoneCountry, type CountryCode } from './phone.ts'

export const SMS_ALLOWED_COUNTRIES: readonly CountryCode[] = ['TR']

/** The country of a stored (E.164) number when SMS may go there, else null. */
export function smsCountryOf(phone: string, allowed: readonly CountryCode[] = SMS_ALLOWED_COUNTRIES): CountryCode | null {
  const country = phoneCountry(phone)
  return country && allowed.includes(country) ? country : null
}
