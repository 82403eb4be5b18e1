import { useCallback, useEffect, useState } from 'react'
import { secondsLeft } from './verification.ts'

/** Seconds until a deadline, ticking once a second; `start(n)` sets a new deadline n seconds from now. */
export function useCountdown(): { seconds: number; start(seconds: number): void } {
  const [until, setUntil] = useState(0)
  const [now, setNow] = useState(() => Date.now())

  useEffect(() => {
    if (until <= Date.now()) return
    const timer = setInterval(() => {
      const t = Date.now()
      setNow(t)
      if (t >= until) clearInterval(timer)
    }, 250)
    return () => clearInterval(timer)
  }, [until])

  const start = useCallback((seconds: number) => {
    const t = Date.now()
    setNow(t)
    setUntil(t + seconds * 1000)
  }, [])

  return { seconds: secondsLeft(until, now), start }
}
