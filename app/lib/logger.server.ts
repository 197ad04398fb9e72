import pino, { type Logger } from 'pino'

export type { Logger }

/** Structured JSON logs on stdout; each request gets a child logger carrying its request id. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'nestlist' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password'], censor: '[redacted]' },
  })
}
