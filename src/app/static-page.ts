// The HTML served for `/` carries the landing page rendered at build time
// (prerender.tsx) for the default language and a signed-out visitor, so the
// page paints before any script has run. Until the app takes over, its links
// work but its buttons cannot, so they take no clicks; and two kinds of
// visitor must not see that page as it is:
// - one who chose another language would read Turkish first: the page stays
//   invisible (its space kept) until the app renders it in their language;
// - one who is signed in would see the sign-in button turn into their avatar:
//   the button gives way to an empty avatar-sized space, which the app keeps
//   while it restores the session (public-layout.tsx), so the top bar never moves.
import { DEFAULT_LOCALE, LANGUAGE_STORAGE_KEY, LOCALES } from './i18n.ts'

const STATIC = 'data-static-page'
const HIDDEN = 'data-static-hidden'
const SIGNED_IN = 'data-static-signed-in'

// Set by the public layout on the top bar's account group and its sign-in button.
const ACCOUNT_NAV = 'data-account-nav'
const SIGN_IN = 'data-account-sign-in'

/** The size Mantine gives a medium Avatar, which is what the user menu shows. */
export const AVATAR_SIZE = 'calc(2.375rem * var(--mantine-scale))'

/**
 * A style and a script for the head of the prerendered page, ahead of the
 * stylesheets so they apply from the first paint.
 */
export function staticPageHead(): string {
  const otherLocales = JSON.stringify(LOCALES.filter((l) => l !== DEFAULT_LOCALE))
  const style =
    `[${STATIC}] #root button{pointer-events:none}` +
    `[${HIDDEN}] #root{visibility:hidden}` +
    `[${SIGNED_IN}] [${SIGN_IN}]{display:none}` +
    `[${SIGNED_IN}] [${ACCOUNT_NAV}]::after{content:"";width:${AVATAR_SIZE};height:${AVATAR_SIZE}}`
  // The session key pattern is supabase-js's (see isAuthStorageKey in lib/supabase.ts).
  const script =
    `(function(){var d=document.documentElement;d.setAttribute('${STATIC}','');` +
    `try{var s=localStorage;` +
    `if(${otherLocales}.indexOf(s.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)}))>=0)d.setAttribute('${HIDDEN}','');` +
    `for(var i=0;i<s.length;i++)if(/^sb-.+-auth-token$/.test(s.key(i)||''))d.setAttribute('${SIGNED_IN}','')` +
    `}catch(e){}})()`
  return `<style>${style}</style><script>${script}</script>`
}

/** Undoes staticPageHead once the app has painted its own first frame. */
export function releaseStaticPage(): void {
  document.documentElement.removeAttribute(STATIC)
  document.documentElement.removeAttribute(HIDDEN)
  document.documentElement.removeAttribute(SIGNED_IN)
}
