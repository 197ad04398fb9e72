// Inputs to the account use cases, shared by the pages' forms and the JSON API. No server imports.
import { z } from 'zod'

export const PASSWORD_MIN = 8
/** Long passphrases are welcome; the cap only bounds hashing work. */
export const PASSWORD_MAX = 128

export const emailInput = z
  .string({ error: 'Enter your email address.' })
  .trim()
  .toLowerCase()
  .min(1, 'Enter your email address.')
  .max(254, 'That email address is too long.')
  .pipe(z.email({ error: 'Enter an email address like name@example.com.' }))

/** A new password: length rules here; the common-password check runs on the server. */
export const newPasswordInput = z
  .string({ error: 'Choose a password.' })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`)

const nameInput = (label: string) =>
  z
    .string({ error: `Enter your ${label}.` })
    .trim()
    .min(1, `Enter your ${label}.`)
    .max(80, `Your ${label} can be at most 80 characters.`)
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    .refine((v) => !/[<>\u0000-\u001f]/.test(v), `Your ${label} cannot contain < > or control characters.`)

export const signUpInput = z.object({
  firstName: nameInput('first name'),
  lastName: nameInput('last name'),
  email: emailInput,
  password: newPasswordInput,
})
export type SignUpInput = z.infer<typeof signUpInput>

export const signInInput = z.object({
  email: emailInput,
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(1024, 'That password is too long.'),
})
export type SignInInput = z.infer<typeof signInInput>

export const twoFactorCodeInput = z.object({
  code: z
    .string({ error: 'Enter the code from your authenticator app.' })
    .trim()
    .min(1, 'Enter the code from your authenticator app.')
    .max(32, 'That code is too long.'),
})

export const forgotPasswordInput = z.object({ email: emailInput })

/** Asking for a sign-in link by email (the way in that a password guesser cannot block). */
export const signInLinkRequestInput = z.object({ email: emailInput })

/** Signing in with the token from an emailed link. */
export const signInLinkInput = z.object({
  token: z.string({ error: 'This sign-in link is not valid.' }).min(10, 'This sign-in link is not valid.').max(200, 'This sign-in link is not valid.'),
})

export const emailLinkInput = z.object({
  token: z.string({ error: 'This confirmation link is not valid.' }).min(10, 'This confirmation link is not valid.').max(200, 'This confirmation link is not valid.'),
})

export const resetPasswordInput = z
  .object({
    token: z.string().min(10, 'This reset link is not valid.').max(200, 'This reset link is not valid.'),
    password: newPasswordInput,
    passwordConfirmation: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirmation, {
    message: 'The two passwords do not match.',
    path: ['passwordConfirmation'],
  })

export const changePasswordInput = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password.').max(1024),
    newPassword: newPasswordInput,
  })

export const updateProfileInput = z.object({
  firstName: nameInput('first name'),
  lastName: nameInput('last name'),
  email: emailInput,
  /** Needed only when the email changes, so a borrowed session cannot move the account to another inbox. */
  currentPassword: z.string().max(1024).optional(),
})

export const passwordVerificationInput = z.object({
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(1024),
})

/** A user event (spec §4 'User events'): a name and any small JSON value. */
export const userEventInput = z.object({
  name: z
    .string({ error: 'An event needs a name.' })
    .trim()
    .min(1, 'An event needs a name.')
    .max(100, 'Event names are at most 100 characters.')
    .regex(/^[A-Za-z0-9_.:-]+$/, 'Event names use letters, digits, _ . : and - only.'),
  value: z
    .unknown()
    .optional()
    .refine((v) => v === undefined || JSON.stringify(v).length <= 2000, 'Event values are at most 2,000 characters of JSON.'),
})
export type UserEventInput = z.infer<typeof userEventInput>
