import { type FormEvent, useEffect, useRef, useState } from 'react'
import { isUsStateCode, usStateNames } from '../us-states'

/** Wait this long after the last keystroke before looking a ZIP code up (the spec's search debounce). */
export const ZIP_LOOKUP_DEBOUNCE_MS = 300

export type ZipStatus = { tone: 'found' | 'unknown'; text: string } | null

/**
 * Fills city and state from a typed ZIP code through GET /api/v3/zip_lookups (debounced, stale requests
 * aborted). The city is only replaced when it is empty or still holds what we filled in before, so a
 * neighbourhood name the user typed is kept. Without JavaScript the server fills empty city and state.
 */
export function useZipAutofill() {
  const cityRef = useRef<HTMLInputElement>(null)
  const stateRef = useRef<HTMLSelectElement>(null)
  const [status, setStatus] = useState<ZipStatus>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const inFlight = useRef<AbortController>(undefined)
  const filledCity = useRef<string | null>(null)
  const lastZip = useRef<string>('')

  useEffect(
    () => () => {
      clearTimeout(timer.current)
      inFlight.current?.abort()
    },
    [],
  )

  async function lookup(zip: string) {
    inFlight.current?.abort()
    const controller = new AbortController()
    inFlight.current = controller
    try {
      const res = await fetch(`/api/v3/zip_lookups?zip=${zip}`, { signal: controller.signal, headers: { Accept: 'application/json' } })
      lastZip.current = zip
      if (res.status === 404) {
        setStatus({ tone: 'unknown', text: `We could not find ZIP code ${zip}. Please type the city and choose the state.` })
        return
      }
      if (!res.ok) return setStatus(null)
      const place = (await res.json()) as { zip: string; city: string; state: string }
      const city = cityRef.current
      const state = stateRef.current
      if (city && (city.value.trim() === '' || city.value === filledCity.current)) {
        city.value = place.city
        filledCity.current = place.city
      }
      if (state && isUsStateCode(place.state)) state.value = place.state
      const name = isUsStateCode(place.state) ? usStateNames[place.state] : place.state
      setStatus({ tone: 'found', text: `ZIP code ${zip} is in ${place.city}, ${name}.` })
    } catch {
      // Aborted by a newer lookup, or offline: the city and state can still be typed.
    }
  }

  function onZipInput(event: FormEvent<HTMLInputElement>) {
    const match = /^(\d{5})(?:-?\d{4})?$/.exec(event.currentTarget.value.trim())
    clearTimeout(timer.current)
    if (!match) {
      lastZip.current = ''
      setStatus(null)
      return
    }
    const zip = match[1]!
    if (zip === lastZip.current) return
    timer.current = setTimeout(() => void lookup(zip), ZIP_LOOKUP_DEBOUNCE_MS)
  }

  return { cityRef, stateRef, onZipInput, status }
}
