// The personal parts of a page, in the browser (docs/decisions/037). Shop pages are the same for everyone; once the
// page has loaded, the browser asks GET /api/v3/me/header who is looking, and again after every form sent (signing
// in or out, a cart change, adding to a registry), or when code asks (`useVisitor().refresh`).
// Until it answers, and without JavaScript, the parts show a neutral state that still works: an 'Account' link, a
// cart link. A personal page's root loader gives the same facts already, so it needs no script to show them.
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import { useFetchers, useNavigation } from 'react-router'
import type { VisitorFacts } from '~/modules/visitor/visitor.server'

export const VISITOR_HEADER_PATH = '/api/v3/me/header'

/** What GET /api/v3/me/header answers (app/api/v3/me.ts): the visitor's facts, as the server reads them (a type only). */
export type VisitorHeader = VisitorFacts

type VisitorState = {
  /**
   * The visitor's facts, the newest the page has: GET /api/v3/me/header's answer, or a personal page's own (its root
   * loader reads the same facts); null while not known (a shared page before the answer: the neutral parts).
   */
  facts: VisitorHeader | null
  /** Asks again (after a change the page made without a form). */
  refresh: () => void
}

const VisitorContext = createContext<VisitorState>({ facts: null, refresh: () => {} })

/** `header`: a personal page's facts from its root loader (null on a shared page). */
export function VisitorProvider({ header, children }: { header: VisitorHeader | null; children: React.ReactNode }) {
  // The answer, and the root loader's facts it came after: when the loader gives new ones later (a form sent on a
  // personal page), those are the newer until the next answer.
  const [answer, setAnswer] = useState<{ facts: VisitorHeader; after: VisitorHeader | null } | null>(null)
  const latestHeader = useRef(header)
  useEffect(() => {
    latestHeader.current = header
  }, [header])
  const asked = useRef(0)
  const refresh = useCallback(() => {
    const ask = ++asked.current
    fetch(VISITOR_HEADER_PATH, { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<VisitorHeader>) : null))
      .then((facts) => {
        // An older question answered after a newer one is dropped.
        // A transition: parts still hydrating (the account menu before its code comes) keep the server's HTML.
        if (facts && ask === asked.current) startTransition(() => setAnswer({ facts, after: latestHeader.current }))
      })
      .catch(() => {
        // Offline or the server is away: the parts keep what they show (a neutral header works without it).
      })
  }, [])
  useEffect(() => refresh(), [refresh])
  useAskAgainAfterForms(refresh)

  const facts = answer && (answer.after === header || !header) ? answer.facts : header
  const value = useMemo(() => ({ facts, refresh }), [facts, refresh])
  return <VisitorContext.Provider value={value}>{children}</VisitorContext.Provider>
}

/** Calls `refresh` whenever a form sent with a method other than GET (a navigation's or a fetcher's) has settled. */
function useAskAgainAfterForms(refresh: () => void) {
  const navigation = useNavigation()
  const fetchers = useFetchers()
  const sending = useRef(new Set<string>())
  const busy = new Set<string>()
  if (navigation.state !== 'idle' && navigation.formMethod && navigation.formMethod.toUpperCase() !== 'GET') busy.add('navigation')
  for (const fetcher of fetchers) {
    if (fetcher.state !== 'idle' && fetcher.formMethod && fetcher.formMethod.toUpperCase() !== 'GET') busy.add(`fetcher:${fetcher.key}`)
  }
  const key = [...busy].sort().join(' ')
  useEffect(() => {
    const settled = [...sending.current].some((k) => !busy.has(k))
    sending.current = busy
    if (settled) refresh()
    // `key` stands for `busy`, a new set every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, refresh])
}

/** The visitor as the page knows them so far (see VisitorState). */
export function useVisitor() {
  return useContext(VisitorContext)
}
