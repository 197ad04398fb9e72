/** Demo sign-ins created at start (idempotently), printed at start and listed in the README. */
export const demoAccounts: { role: 'user' | 'staff'; email: string; password: string; firstName: string; lastName: string }[] = [
  { role: 'user', email: 'parent@nestlist.example', password: 'nestlist-demo-parent', firstName: 'Maya', lastName: 'Rivera' },
  { role: 'staff', email: 'staff@nestlist.example', password: 'nestlist-demo-staff', firstName: 'Sam', lastName: 'Okafor' },
]
