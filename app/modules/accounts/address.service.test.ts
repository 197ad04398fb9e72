import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isDomainError } from '~/lib/errors'
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database'
import { users } from './accounts.schema'
import { type AddressService, createAddressService } from './address.service.server'
import { normalizeUsPhone } from './address.validation'
import { lookupZip } from './address.zip-data.server'

let database: TestDatabase
let address: AddressService
let alice: number
let bob: number

beforeAll(async () => {
  database = await createTestDatabase()
  address = createAddressService({ db: database.db })
  const rows = await database.db
    .insert(users)
    .values([
      { email: 'alice-address@example.test', firstName: 'Alice', lastName: 'A', passwordHash: 'x' },
      { email: 'bob-address@example.test', firstName: 'Bob', lastName: 'B', passwordHash: 'x' },
    ])
    .returning({ id: users.id })
  alice = rows[0]!.id
  bob = rows[1]!.id
})

afterAll(async () => {
  await database?.drop()
})

const valid = {
  name: 'Alice Parent',
  line1: '9336 Civic Center Dr',
  line2: 'Apt 2',
  city: 'Beverly Hills',
  state: 'CA',
  zip: '90210',
  phone: '',
}

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  if (!isDomainError(error)) throw new Error(`expected a DomainError, got ${String(error)}`)
  return error
}

describe('ZIP data', () => {
  test('knows states, DC, territories and military ZIP codes', () => {
    expect(lookupZip('90210')).toEqual({ zip: '90210', city: 'Beverly Hills', state: 'CA' })
    expect(lookupZip('20001')?.state).toBe('DC')
    expect(lookupZip('00601')?.state).toBe('PR')
    expect(lookupZip('09001')?.state).toBe('AE')
    expect(lookupZip('99999')).toBeNull()
    expect(lookupZip('9021')).toBeNull()
  })
})

describe('address service', () => {
  test('saves, reads back and replaces a user address', async () => {
    const saved = await address.save(alice, valid)
    expect(saved).toMatchObject({ ...valid, stateName: 'California' })
    expect(await address.get(alice)).toMatchObject({ name: 'Alice Parent', zip: '90210', state: 'CA' })
    await address.save(alice, { ...valid, line1: '1 New Street', line2: '' })
    expect(await address.get(alice)).toMatchObject({ line1: '1 New Street', line2: '' })
  })

  test('a ZIP code in another state is refused with a message naming its real state, and nothing is saved', async () => {
    const before = await address.get(alice)
    const error = await failure(address.save(alice, { ...valid, line1: 'Elsewhere', state: 'NY' }))
    expect(error.code).toBe('invalid_input')
    expect(error.fields?.zip?.[0]).toBe('ZIP code 90210 is in California, not New York. Check the ZIP code and the state.')
    expect(await address.get(alice)).toEqual(before)
  })

  test('an empty city and state are filled from a known ZIP code', async () => {
    const saved = await address.save(bob, { name: 'Bob', line1: '1 Main St', zip: '10001', city: '', state: '' })
    expect(saved).toMatchObject({ city: 'New York', state: 'NY', stateName: 'New York', zip: '10001', line2: '', phone: '' })
  })

  test('an unknown ZIP code needs the city and state typed in, and then any state is accepted', async () => {
    const error = await failure(address.save(bob, { name: 'Bob', line1: '1 Main St', zip: '99999' }))
    expect(error.fields).toEqual({ city: ['Enter the city.'], state: ['Choose a state from the list.'] })
    const saved = await address.save(bob, { name: 'Bob', line1: '1 Main St', zip: '99999', city: 'Somewhere', state: 'ak' })
    expect(saved).toMatchObject({ state: 'AK', city: 'Somewhere' })
  })

  test('ZIP+4 is accepted and stored as 12345-6789; other ZIP shapes are refused', async () => {
    expect((await address.save(bob, { ...valid, zip: '902101234' })).zip).toBe('90210-1234')
    expect((await address.save(bob, { ...valid, zip: ' 90210-1234 ' })).zip).toBe('90210-1234')
    for (const zip of ['9021', '902100', 'ABCDE', '90210-12', '']) {
      const error = await failure(address.save(bob, { ...valid, zip }))
      expect(error.fields?.zip).toEqual(['Enter a 5-digit ZIP code, like 90210 or 90210-1234.'])
    }
  })

  test('states outside the US list are refused; DC, territories and military codes are accepted', async () => {
    const error = await failure(address.save(bob, { ...valid, state: 'ON', zip: '99999' }))
    expect(error.fields?.state).toEqual(['Choose a state from the list.'])
    expect((await address.save(bob, { ...valid, city: '', state: 'DC', zip: '20001' })).stateName).toBe('District of Columbia')
    expect((await address.save(bob, { ...valid, city: 'San Juan', state: 'PR', zip: '00901' })).state).toBe('PR')
    expect((await address.save(bob, { ...valid, city: 'APO', state: 'AE', zip: '09001' })).state).toBe('AE')
  })

  test('required fields, lengths and markup get field messages', async () => {
    const error = await failure(address.save(bob, { name: ' ', line1: '', zip: '90210', line2: 'x'.repeat(101), city: '<b>' }))
    expect(error.fields).toMatchObject({
      name: ['Enter the name of the person receiving packages.'],
      line1: ['Enter the street address.'],
      line2: ['The apartment or suite can be at most 100 characters.'],
      city: ['The city cannot contain < > or control characters.'],
    })
  })

  test('phone numbers in usual US spellings are stored in one format; others are refused', async () => {
    expect(normalizeUsPhone('212-555-0142')).toBe('(212) 555-0142')
    expect(normalizeUsPhone('+1 (212) 555.0142')).toBe('(212) 555-0142')
    expect(normalizeUsPhone('2125550142')).toBe('(212) 555-0142')
    for (const bad of ['555-0142', '112-555-0142', '212-155-0142', '+44 20 7946 0958', '212 555 0142 ext 4', 'call me']) {
      expect(normalizeUsPhone(bad)).toBeNull()
    }
    expect((await address.save(bob, { ...valid, phone: '(212) 555 0142' })).phone).toBe('(212) 555-0142')
    const error = await failure(address.save(bob, { ...valid, phone: '555-0142' }))
    expect(error.fields?.phone).toEqual(['Enter a US phone number with area code, like (212) 555-0142.'])
  })

  test('each user has their own address; removing one leaves the other', async () => {
    await address.save(alice, valid)
    await address.save(bob, { ...valid, name: 'Bob Parent' })
    expect(await address.remove(bob)).toBe(true)
    expect(await address.remove(bob)).toBe(false)
    expect(await address.get(bob)).toBeNull()
    expect((await address.get(alice))?.name).toBe('Alice Parent')
  })

  test('ZIP lookups: known, unknown and malformed', async () => {
    expect(address.zipLookup({ zip: '90210-1234' })).toEqual({ zip: '90210', city: 'Beverly Hills', state: 'CA' })
    expect(address.zipLookup({ zip: '99999' })).toBeNull()
    const error = await failure(Promise.resolve().then(() => address.zipLookup({ zip: '9021x' })))
    expect(error.code).toBe('invalid_input')
  })
})
