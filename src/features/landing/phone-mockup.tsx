import { useEffect, useState, useSyncExternalStore } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { DEMO_SCRIPT } from './chat-script.ts'
import { initialDemoVisible, nextDemoStep } from './chat-demo.ts'
import { DEMO_SHOP_INITIALS } from './icons.ts'
import classes from './landing.module.css'

const TOTAL = DEMO_SCRIPT.length

// Times shown under the bubbles: a plausible minute-by-minute exchange.
const TIMES = ['09:41', '09:41', '09:42', '09:42', '09:43', '09:43']

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/**
 * Read synchronously, so people who asked for less motion never see the first
 * frame move. Hydrating the page the build rendered reads the build's answer
 * (motion allowed) so the markup matches; its stylesheet already shows that
 * page still to them (landing.module.css), and the next render follows their setting.
 */
function usePrefersReducedMotion() {
  return useSyncExternalStore(subscribeReducedMotion, () => window.matchMedia(REDUCED_MOTION).matches, () => false)
}

/**
 * A phone playing the sample conversation. Screen readers get one summary
 * label instead of a conversation that keeps changing under them.
 */
export function PhoneMockup() {
  const { t, i18n } = useLingui()
  const reduced = usePrefersReducedMotion()
  const [{ visible, round }, setState] = useState(() => ({ visible: initialDemoVisible(TOTAL, reduced), round: 0 }))

  useEffect(() => {
    if (reduced) return
    const { visible: next, delayMs } = nextDemoStep(visible, TOTAL)
    const timer = setTimeout(() => setState({ visible: next, round: next < visible ? round + 1 : round }), delayMs)
    return () => clearTimeout(timer)
  }, [visible, round, reduced])

  const shown = reduced ? TOTAL : visible
  const typing = !reduced && shown < TOTAL && DEMO_SCRIPT[shown]!.from === 'assistant'

  return (
    <div
      className={classes.phone}
      role="img"
      aria-label={t`Sample conversation: a customer asks about a product on WhatsApp, the assistant answers with the price, stock and a link, then books an appointment.`}
    >
      <div className={classes.screen}>
        <div className={classes.chatHeader}>
          <span className={classes.avatar}>{DEMO_SHOP_INITIALS}</span>
          <div>
            <div className={classes.shopName}>
              <Trans>Sample Boutique</Trans>
            </div>
            <div className={classes.shopStatus}>
              <Trans>AI assistant · online</Trans>
            </div>
          </div>
        </div>
        {/* Every bubble keeps its place from the start and only fades in, so nothing on the page moves. */}
        <div className={classes.chat}>
          {DEMO_SCRIPT.map((m, i) => (
            <div
              // A new round remounts every bubble so the restarted conversation fades in again.
              key={`${round}-${i}`}
              className={`${classes.slot} ${m.from === 'customer' ? classes.customer : classes.assistant}`}
            >
              <div className={classes.bubble} data-shown={i < shown || undefined}>
                {i18n._(m.text)}
                {m.link && <span className={classes.link}>{m.link}</span>}
                <span className={classes.time}>{TIMES[i]}</span>
              </div>
              {typing && i === shown && (
                <span className={classes.typing}>
                  <span />
                  <span />
                  <span />
                </span>
              )}
            </div>
          ))}
        </div>
      </div>
    </div>
  )
}
