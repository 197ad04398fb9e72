import type { Logger } from 'pino'
import type { Services } from './services.server'

declare module 'react-router' {
  /** What every loader and action receives from the server as `context`. */
  interface AppLoadContext {
    services: Services
    nonce: string
    requestId: string
    logger: Logger
    supportEmail: string
    /** The client's address from the socket (used for sign-in throttling). */
    clientIp: string
    /** PUBLIC_URL when set: Secure cookies when it is https (emailed links use services.publicOrigin). */
    publicUrl?: string
    /**
     * The page is the same for everyone (app/lib/shared-pages.ts): no loader may read the visitor, and no nonce is
     * made (`nonce` is empty; the page's policy lists its scripts' hashes, app/entry.server.tsx).
     */
    sharedPage?: boolean
  }
}

export {}
