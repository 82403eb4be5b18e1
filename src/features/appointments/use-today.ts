// Today's day key, kept current: the calendar marks today and its Today
// button compares months with it, and a dashboard can stay open past
// midnight or sleep in a background tab for days.
import { useEffect, useState } from 'react'
import { msUntilNextDay, todayKey, type DayKey } from '../../../domain/calendar.ts'

export function useToday(): DayKey {
  const [today, setToday] = useState(() => todayKey())
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>
    const refresh = () => {
      setToday(todayKey())
      clearTimeout(timer)
      timer = setTimeout(refresh, msUntilNextDay(new Date()))
    }
    // Timers of a hidden tab are throttled or frozen: check again when the owner comes back.
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh()
    }
    refresh()
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [])
  return today
}
