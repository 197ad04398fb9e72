// Shapes the accounts module returns. No server imports: pages may import these types.

/** The signed-in person as pages and handlers see them (never the password hash). */
export type Viewer = {
  id: number
  email: string
  firstName: string
  lastName: string
  role: 'user' | 'staff'
  createdAt: Date
  isBookmarkletUsed: boolean
  emailVerified: boolean
}

export type UserEvent = { name: string; value: unknown }

/** GET /api/v3/user (spec §3 'User'); registries are filled by the registry module once it exists. */
export type UserProfile = {
  id: number
  createdAt: string
  firstName: string
  lastName: string
  email: string
  /** False until the address is confirmed from the emailed link. */
  emailVerified: boolean
  role: 'user' | 'staff'
  registries: { id: number; ownerId: number; registryType: string }[]
  registryId: number | null
  currentRegistry: null | { ownerId: number; type: string }
  events: UserEvent[]
  twoFactors: { enabled: boolean }
  isBookmarkletUsed: boolean
}

/** Who is asking: the client address and browser. */
export type SessionMeta = { ip: string; userAgent: string }

export type SignInResult =
  | { status: 'signed_in'; token: string; user: Viewer }
  | { status: 'two_factor_required'; token: string }
