import { createContext, useContext } from 'react'

/** The per-request CSP nonce; set on the server only (the browser has already run the inline scripts). */
export const NonceContext = createContext<string | undefined>(undefined)
export const useNonce = () => useContext(NonceContext)
