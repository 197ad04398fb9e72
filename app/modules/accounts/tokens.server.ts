import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding'
import { randomBytes } from 'node:crypto'

/** A bearer token with 160 bits from the CSPRNG (sessions, reset links). */
export function generateToken(): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(20))
}

/** What we store instead of a token: its SHA-256, so the table alone opens no door. */
export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)))
}
