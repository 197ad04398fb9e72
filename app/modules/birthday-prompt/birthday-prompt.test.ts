import { describe, expect, test } from 'vitest'
import { BIRTHDAY_PROMPT } from '../config/app-config'
import { birthdayPromptFacts, type BirthdayPromptUser, readBirthdayDismissed, shouldOfferBirthdayWishlist, storeBirthdayDismissed } from './birthday-prompt'

const now = Date.parse('2026-11-24T12:00:00Z')
const DAY = 86_400_000
const user = (over: Partial<BirthdayPromptUser> = {}): BirthdayPromptUser => ({
  id: 7,
  createdAt: new Date(now - 8 * DAY).toISOString(),
  registries: [{ id: 41, ownerId: 7, registryType: 'baby' }],
  ...over,
})

describe('birthday wishlist trigger', () => {
  test('offered to a user older than 7 days with a baby registry and no dismissal', () => {
    expect(shouldOfferBirthdayWishlist(user(), now, false)).toBe(true)
    expect(shouldOfferBirthdayWishlist(user({ registries: [{ id: 1, ownerId: 7, registryType: 'holiday' }] }), now, false)).toBe(true)
  })

  test('no user, no prompt', () => {
    expect(shouldOfferBirthdayWishlist(null, now, false)).toBe(false)
    expect(shouldOfferBirthdayWishlist(undefined, now, false)).toBe(false)
  })

  test('the account must be more than 7 days old (exactly 7 days is not enough)', () => {
    expect(shouldOfferBirthdayWishlist(user({ createdAt: new Date(now - 7 * DAY).toISOString() }), now, false)).toBe(false)
    expect(shouldOfferBirthdayWishlist(user({ createdAt: new Date(now - 7 * DAY - 1).toISOString() }), now, false)).toBe(true)
    expect(shouldOfferBirthdayWishlist(user({ createdAt: 'not a date' }), now, false)).toBe(false)
  })

  test('the user must have at least one registry', () => {
    expect(shouldOfferBirthdayWishlist(user({ registries: [] }), now, false)).toBe(false)
  })

  test('no prompt when any registry is already a birthday one', () => {
    const registries = [
      { id: 1, ownerId: 7, registryType: 'baby' },
      { id: 2, ownerId: 7, registryType: 'birthday' },
    ]
    expect(shouldOfferBirthdayWishlist(user({ registries }), now, false)).toBe(false)
  })

  test('no prompt once dismissed on this browser', () => {
    expect(shouldOfferBirthdayWishlist(user(), now, true)).toBe(false)
  })
})

test('the facts sent to the browser: id, creation time and each registry’s id, owner and type, newest first', () => {
  const facts = birthdayPromptFacts({ id: 7, createdAt: new Date(now - 8 * DAY) }, [
    { id: 2, ownerId: 7, registryType: 'holiday', title: 'Holidays' } as { id: number; ownerId: number; registryType: string },
    { id: 1, ownerId: 7, registryType: 'baby' },
  ])
  expect(facts).toEqual({
    id: 7,
    createdAt: new Date(now - 8 * DAY).toISOString(),
    registries: [
      { id: 2, ownerId: 7, registryType: 'holiday' },
      { id: 1, ownerId: 7, registryType: 'baby' },
    ],
  })
  expect(shouldOfferBirthdayWishlist(facts, now, false)).toBe(true)
})

describe('dismissed flag in local storage', () => {
  const memory = () => {
    const m = new Map<string, string>()
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m }
  }

  test('absent until stored, then set under the configured key', () => {
    const s = memory()
    expect(readBirthdayDismissed(s)).toBe(false)
    storeBirthdayDismissed(s, now)
    expect(readBirthdayDismissed(s)).toBe(true)
    expect(s.m.get(BIRTHDAY_PROMPT.dismissedStorageKey)).toBe('2026-11-24T12:00:00.000Z')
  })

  test('storage that is missing or throws counts as dismissed, and storing never throws', () => {
    expect(readBirthdayDismissed(undefined)).toBe(true)
    const broken = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
    }
    expect(readBirthdayDismissed(broken)).toBe(true)
    expect(() => storeBirthdayDismissed(broken, now)).not.toThrow()
  })
})

describe('the call-to-action event', () => {
  test('list-type-clicked with a 12-digit registry id and the owner id passes the server validation; a fractional id does not', async () => {
    const { validateEvents } = await import('../analytics/analytics.validation')
    const event = (registryId: number) => ({
      anonymousId: 'anon-1',
      events: [{ name: 'list_type_clicked', properties: { listType: 'birthday', eventLocation: 'store_landing', registryId, registryOwnerId: 7 }, path: '/store' }],
    })
    expect(validateEvents(event(418_205_736_902)).ok).toBe(true)
    expect(validateEvents(event(1.5)).ok).toBe(false)
  })
})
