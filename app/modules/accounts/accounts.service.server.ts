import type { SQL } from 'drizzle-orm'
import { type AccountsDeps, createAccountsContext } from './accounts-context.server'
import type { sessions } from './accounts.schema'
import type { SessionMeta } from './accounts.types'
import { changePassword, verifyPasswordFor } from './use-cases/change-password.server'
import { confirmEmail, emailLinkPurpose } from './use-cases/confirm-email.server'
import { ensureAccount, prune } from './use-cases/maintain-accounts.server'
import {
  completeTwoFactorSession,
  sessionCount,
  sessionReaderWith,
  signOut,
  signOutOtherSessions,
  validateSession,
} from './use-cases/manage-sessions.server'
import { addEvent, events, profile, viewer } from './use-cases/read-profile.server'
import { requestPasswordReset, resetPassword, resetTokenUsable } from './use-cases/reset-password.server'
import { signIn } from './use-cases/sign-in.server'
import { requestSignInLink, signInLinkUsable, signInWithLink } from './use-cases/sign-in-with-link.server'
import { resendConfirmation, signUp } from './use-cases/sign-up.server'
import { pendingEmailChange, updateProfile } from './use-cases/update-profile.server'

/*
 * The accounts module's public face. Each method hands over to one use case; where each one lives:
 *   accounts-context.server.ts          config and defaults, messages, deps, the shared context (db, clock, loaders)
 *   use-cases/sign-up.server.ts         signUp, resendConfirmation
 *   use-cases/confirm-email.server.ts   emailLinkPurpose, confirmEmail
 *   use-cases/send-confirmation.server.ts   the confirmation and "already have an account" emails (internal)
 *   use-cases/sign-in.server.ts         signIn
 *   use-cases/throttle-sign-in.server.ts    the password and sign-up throttle (internal, decision 033)
 *   use-cases/sign-in-with-link.server.ts   requestSignInLink, signInLinkUsable, signInWithLink
 *   use-cases/manage-sessions.server.ts validateSession, sessionReaderWith, completeTwoFactorSession, signOut,
 *                                       signOutOtherSessions, sessionCount
 *   use-cases/reset-password.server.ts  requestPasswordReset, resetTokenUsable, resetPassword
 *   use-cases/change-password.server.ts changePassword, verifyPasswordFor
 *   use-cases/update-profile.server.ts  updateProfile, pendingEmailChange (the email change)
 *   use-cases/read-profile.server.ts    viewer, profile, events, addEvent
 *   use-cases/maintain-accounts.server.ts   ensureAccount (seed), prune
 */

export {
  type AccountsConfig,
  type AccountsDeps,
  accountMessages,
  accountOfEmail,
  defaultAccountsConfig,
  sessionIdFor,
} from './accounts-context.server'

/** Accounts: sign-up, sign-in with throttling, sign-in links, server-side sessions, password reset, profile and user events. */
export function createAccountsService(deps: AccountsDeps) {
  const ctx = createAccountsContext(deps)
  return {
    config: ctx.config,

    signUp: (input: unknown, meta: SessionMeta, options: { continuePath?: string } = {}) => signUp(ctx, input, meta, options),
    emailLinkPurpose: (token: string) => emailLinkPurpose(ctx, token),
    confirmEmail: (token: string, meta: SessionMeta) => confirmEmail(ctx, token, meta),
    resendConfirmation: (userId: number) => resendConfirmation(ctx, userId),

    signIn: (input: unknown, meta: SessionMeta) => signIn(ctx, input, meta),
    requestSignInLink: (input: unknown) => requestSignInLink(ctx, input),
    signInLinkUsable: (token: string) => signInLinkUsable(ctx, token),
    signInWithLink: (token: string, meta: SessionMeta) => signInWithLink(ctx, token, meta),

    validateSession: (token: string | undefined | null, options: { allowPending?: boolean } = {}) => validateSession(ctx, token, options),
    sessionReaderWith: <E extends Record<string, SQL>>(name: string, columns: (userId: typeof sessions.userId) => E) =>
      sessionReaderWith(ctx, name, columns),
    completeTwoFactorSession: (pendingToken: string, meta: SessionMeta) => completeTwoFactorSession(ctx, pendingToken, meta),
    signOut: (token: string | undefined | null) => signOut(ctx, token),
    signOutOtherSessions: (userId: number, keepSessionId?: string) => signOutOtherSessions(ctx, userId, keepSessionId),
    sessionCount: (userId: number) => sessionCount(ctx, userId),

    requestPasswordReset: (input: unknown) => requestPasswordReset(ctx, input),
    resetTokenUsable: (token: string) => resetTokenUsable(ctx, token),
    resetPassword: (input: unknown, meta: SessionMeta) => resetPassword(ctx, input, meta),
    changePassword: (userId: number, keepSessionId: string, input: unknown) => changePassword(ctx, userId, keepSessionId, input),
    verifyPasswordFor: (userId: number, input: unknown) => verifyPasswordFor(ctx, userId, input),

    updateProfile: (userId: number, input: unknown) => updateProfile(ctx, userId, input),
    pendingEmailChange: (userId: number) => pendingEmailChange(ctx, userId),
    viewer: (userId: number) => viewer(ctx, userId),
    profile: (userId: number) => profile(ctx, userId),
    events: (userId: number) => events(ctx, userId),
    addEvent: (userId: number, input: unknown) => addEvent(ctx, userId, input),

    ensureAccount: (a: { email: string; password: string; firstName: string; lastName: string; role: 'user' | 'staff' }) => ensureAccount(ctx, a),
    prune: () => prune(ctx),
  }
}

export type AccountsService = ReturnType<typeof createAccountsService>
