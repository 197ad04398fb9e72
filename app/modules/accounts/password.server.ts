import { hash, verify } from '@node-rs/argon2'
import { createRequire } from 'node:module'

// OWASP's argon2id minimum (m=19 MiB, t=2, p=1); algorithm 2 is Argon2id in @node-rs/argon2.
export const PRODUCTION_ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const
// Argon2's least cost (8 KiB, one pass): still argon2id, so every code path runs, at a fraction of a millisecond.
export const CHEAP_TEST_ARGON2 = { algorithm: 2, memoryCost: 8, timeCost: 1, parallelism: 1 } as const

/**
 * The cost to hash new passwords at. Only the unit-test config (vitest.config.ts) asks for the cheap one, and it is
 * honored only when NODE_ENV is 'test' (vitest's own setting): not in production, nor with NODE_ENV unset, which
 * env.server.ts reads as production. So a stray variable on a server can never weaken real hashes. Verifying reads
 * the cost from each stored hash, so hashes made at either cost verify under both.
 */
export function argon2Options(env: Record<string, string | undefined> = process.env) {
  return env.NESTLIST_TEST_CHEAP_PASSWORD_HASH === '1' && env.NODE_ENV === 'test' ? CHEAP_TEST_ARGON2 : PRODUCTION_ARGON2
}

// Read once, at start-up.
const ARGON2 = argon2Options()

/** Hashes a password with argon2id; the PHC string carries its own salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2)
}

/** True when the password matches the stored hash; a malformed hash never matches. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

// A fixed hash to verify against when the email is unknown, so both answers take the same time.
let dummyHash: Promise<string> | undefined
/** Spends the same work as a real verification (for unknown accounts). */
export async function verifyDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('nestlist-timing-equaliser')
  await verifyPassword(await dummyHash, password)
  return false
}

type CommonList = { test(p: string): boolean }
let common: CommonList | undefined
/** Mozilla's list of the most common passwords (fxa-common-password-list, from a 10M leak corpus). */
export function isCommonPassword(password: string): boolean {
  common ??= createRequire(import.meta.url)('fxa-common-password-list') as CommonList
  return common.test(password) || common.test(password.toLowerCase())
}
