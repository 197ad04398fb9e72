import type { Logger } from '~/lib/logger.server'
import type { Services } from '~/services.server'

/** What every Hono handler can read from `c.var`. */
export type AppEnv = {
  Variables: {
    services: Services
    logger: Logger
    requestId: string
    supportEmail: string
    secureHeadersNonce?: string
    clientIp: string
    publicUrl?: string
  }
}
