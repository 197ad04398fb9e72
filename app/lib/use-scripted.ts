import { useSyncExternalStore } from 'react'

const noop = () => () => {}
/**
 * False on the server and while hydrating, true once scripts run: forms tell the action to answer with data,
 * not a redirect. A module of its own so the header and product cards use it without loading the code of
 * the forms that also do (decision 018).
 */
export function useScripted(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  )
}
