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
     * A loader marks a random UUID in its data as unique to this response (e.g. a search id): a copy of the
     * page served from the anonymous page cache gets a new one in its place (server/page-cache.ts).
     */
    freshPerResponse?: (uuid: string) => void
  }
}

export {}
