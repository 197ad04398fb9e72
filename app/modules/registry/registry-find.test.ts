// /find tolerates a typo in a family name (pg_trgm word similarity) and never lists a private registry.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { users } from '../accounts/accounts.schema'
import { registries } from './registry.schema'
import { createRegistryService } from './registry.service.server'

let database: TestDatabase
let registry: ReturnType<typeof createRegistryService>
let n = 0

async function newRegistry(familyName: string, title: string, searchLevel: 'nestlist' | 'private' | 'google' = 'nestlist') {
  const [u] = await database.db
    .insert(users)
    .values({ email: `find${++n}@example.test`, firstName: 'Owner', lastName: String(n), passwordHash: 'x' })
    .returning()
  const r = await registry.create(u!.id, {
    registryType: 'baby',
    title,
    familyName,
    slug: await registry.suggestSlug(`Find ${n} ${familyName}`),
    isArrivalDateKnown: false,
  })
  if (searchLevel !== 'nestlist') await database.db.update(registries).set({ searchLevel }).where(eq(registries.id, r.id))
  return r.id
}

let rivera: number
let okafor: number
let kowalski: number
let privateRivera: number
let privateLindqvist: number

beforeAll(async () => {
  database = await createTestDatabase()
  registry = createRegistryService({ db: database.db })
  rivera = await newRegistry('Maya & Leo Rivera', 'Baby Rivera')
  okafor = await newRegistry('Ada Okafor', 'Little Okafor', 'google')
  kowalski = await newRegistry('Kowalski', 'Our nest')
  privateRivera = await newRegistry('Sam Rivera', 'Baby Rivera', 'private')
  privateLindqvist = await newRegistry('Lindqvist', 'Hello baby', 'private')
})

afterAll(async () => {
  await database?.drop()
})

const ids = async (term: string) => (await registry.find(term)).map((r) => r.id)

describe('find', () => {
  test('an exact family name finds its registry', async () => {
    expect(await ids('Okafor')).toEqual([okafor])
    expect(await ids('kowalski')).toContain(kowalski)
  })

  test('one typo in a family name still finds the registry', async () => {
    expect(await ids('Rivra')).toContain(rivera)
    expect(await ids('Riviera')).toContain(rivera)
    expect(await ids('Okafur')).toContain(okafor)
    expect(await ids('Kowalsky')).toContain(kowalski)
  })

  test('a typo does not bring in unrelated families', async () => {
    expect(await ids('Okafur')).toEqual([okafor])
    expect(await ids('Kowalsky')).not.toContain(rivera)
    expect(await ids('zzqxv')).toEqual([])
  })

  test('the closest match comes first: an exact match before a typo match', async () => {
    const closer = await newRegistry('Rivero', 'Baby Rivero')
    const found = await ids('Rivero')
    expect(found[0]).toBe(closer)
    expect(found).toContain(rivera)
  })

  test('a private registry is never listed, even for its exact name or a typo of it', async () => {
    for (const term of ['Sam Rivera', 'Rivera', 'Rivra', 'Lindqvist', 'lindqvist', 'Lindqvst', 'Hello baby']) {
      const found = await ids(term)
      expect(found).not.toContain(privateRivera)
      expect(found).not.toContain(privateLindqvist)
    }
    expect(await ids('Lindqvist')).toEqual([])
  })

  test('terms of fewer than two letters find nothing, and LIKE wildcards are plain characters', async () => {
    expect(await ids('R')).toEqual([])
    expect(await ids('%')).toEqual([])
    expect(await ids('%_%')).toEqual([])
  })
})
