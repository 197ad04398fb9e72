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
  }
}

export {}
