/** Messages a page can leave for the next one after a redirect. */
export const flashMessages = {
  signed_in: { tone: 'success', message: 'Welcome back! You are signed in.' },
  signed_up: { tone: 'success', message: 'Welcome to Nestlist! Your account is ready.' },
  signed_out: { tone: 'success', message: 'You are signed out. See you soon!' },
  password_reset: { tone: 'success', message: 'Your new password is set and you are signed in.' },
} as const satisfies Record<string, { tone: 'success' | 'info'; message: string }>

export type FlashKey = keyof typeof flashMessages
