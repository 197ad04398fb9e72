// Inputs and wording for two-factor sign-in, shared by the settings page, the sign-in page and the API.
// No server imports: pages may import this.
import { z } from 'zod'

/** RFC 6238 defaults that every authenticator app understands. */
export const TOTP_PERIOD_SECONDS = 30
export const TOTP_DIGITS = 6
export const RECOVERY_CODE_COUNT = 10
/** Failed codes allowed per account in the throttle window. */
export const MAX_FAILED_CODES = 10
export const FAILED_CODES_WINDOW_MS = 15 * 60_000

export const twoFactorMessages = {
  enterCode: 'Enter the 6-digit code from your authenticator app.',
  wrongCode: 'That code is not right. Check your app and try again.',
  tooManyCodes: 'Too many codes tried. Please wait a while and try again later.',
  alreadyOn: 'Two-factor sign-in is already on. Turn it off first to move it to a new app.',
  notOn: 'Two-factor sign-in is off, so there are no recovery codes to replace.',
  noSetup: 'Start again: choose Turn on to get a new QR code.',
  passwordWrong: 'That password is not right.',
  signInExpired: 'Your sign-in has expired. Please sign in again.',
} as const

/** A code from the authenticator app (6 digits) or a recovery code (10 letters and digits, dashes and spaces ignored). */
export const twoFactorCodeInput = z.object({
  code: z
    .string({ error: twoFactorMessages.enterCode })
    .trim()
    .min(1, twoFactorMessages.enterCode)
    .max(64, 'That code is too long.'),
})
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeInput>

/** The account password, asked again before turning two-factor sign-in off or replacing recovery codes. */
export const twoFactorPasswordInput = z.object({
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(1024, 'That password is too long.'),
})

/** What users may type: any case, with spaces or dashes where the app or the recovery sheet shows them. */
export function normalizeCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '')
}

/** A base32 secret in groups of four, easier to copy into an app by hand: 'JBSW Y3DP …'. */
export function groupSecret(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ')
}
