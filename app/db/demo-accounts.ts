/** Demo sign-ins created by the seed, printed at start and listed in the README. Modules add theirs here. */
export const demoAccounts: { role: string; email: string; password: string }[] = []
