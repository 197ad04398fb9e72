import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { invalidInput, safeParseInput } from '~/lib/parse-input'
import { DomainError, type FieldErrors } from '~/lib/errors'
import { type AddressRow, addresses } from './accounts.schema'
import { type AddressData, addressInput, addressMessages, zip5, zipLookupQuery } from './address.validation'
import { loadZipData, lookupZip as lookupZipData, type ZipPlace } from './address.zip-data.server'
import { isUsStateCode, usStateNames } from './us-states'

/** The account's saved shipping address as pages and the API see it. */
export type SavedAddress = {
  name: string
  line1: string
  line2: string
  city: string
  state: string
  stateName: string
  zip: string
  phone: string
  updatedAt: Date
}

export type AddressDeps = {
  db: Db
  clock?: () => Date
  /** ZIP data (tests may pass a fixed table); defaults to the shipped data file. */
  lookupZip?: (zip: string) => ZipPlace | null
}


const stateName = (code: string) => (isUsStateCode(code) ? usStateNames[code] : code)

const toSaved = (row: AddressRow): SavedAddress => ({
  name: row.name,
  line1: row.line1,
  line2: row.line2,
  city: row.city,
  state: row.state,
  stateName: stateName(row.state),
  zip: row.zip,
  phone: row.phone,
  updatedAt: row.updatedAt,
})

/** The saved shipping address (one per account), checked against the ZIP data, and ZIP lookups. */
export function createAddressService({ db, clock = () => new Date(), lookupZip = lookupZipData }: AddressDeps) {
  const service = {
    /** The user's saved address, or null when there is none. */
    async get(userId: number): Promise<SavedAddress | null> {
      const [row] = await db.select().from(addresses).where(eq(addresses.userId, userId))
      return row ? toSaved(row) : null
    },

    /**
     * A US shipping address checked as the saved-address form and the checkout check it (the zod input shared with
     * checkout, then the ZIP data): an empty city or state is filled from a known ZIP code; a known ZIP code in
     * another state is refused on `zip` naming the ZIP code's state; with an unknown ZIP code city and state are
     * required. Returns the address as it would be stored, or throws invalid_input with messages per field.
     */
    check(input: unknown): AddressData {
      const parsed = safeParseInput(addressInput, input)
      if (!parsed.success) invalidInput(parsed.error.issues)
      const data = parsed.data
      const place = lookupZip(zip5(data.zip))
      const fields: FieldErrors = {}
      if (place) {
        if (data.state === '') data.state = place.state
        if (data.city === '') data.city = place.city
        if (data.state !== place.state) {
          fields.zip = [
            `ZIP code ${zip5(data.zip)} is in ${stateName(place.state)}, not ${stateName(data.state)}. Check the ZIP code and the state.`,
          ]
        }
      } else {
        if (data.city === '') fields.city = [addressMessages.city]
        if (data.state === '') fields.state = [addressMessages.state]
      }
      if (Object.keys(fields).length > 0) {
        throw new DomainError('invalid_input', fields.zip ? fields.zip[0]! : 'Some fields need another look.', { fields })
      }
      return data
    },

    /**
     * Creates or replaces the user's address. An empty city or state is filled from a known ZIP code; a
     * known ZIP code in another state is refused with a message naming the ZIP code's state.
     */
    async save(userId: number, input: unknown): Promise<SavedAddress> {
      const data = service.check(input)
      const values = { ...data, updatedAt: clock() }
      const [row] = await db
        .insert(addresses)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: addresses.userId, set: values })
        .returning()
      return toSaved(row!)
    },

    /** Deletes the user's address; true when there was one. */
    async remove(userId: number): Promise<boolean> {
      const gone = await db.delete(addresses).where(eq(addresses.userId, userId)).returning({ userId: addresses.userId })
      return gone.length > 0
    },

    /** Loads the ZIP data ahead of the first lookup (call once at server start; it blocks for about 0.7 s). */
    warmUp() {
      loadZipData()
    },

    /** City and state for a ZIP code (12345 or 12345-6789); null when unknown, invalid_input when malformed. */
    zipLookup(query: unknown): ZipPlace | null {
      const parsed = zipLookupQuery.safeParse(query)
      if (!parsed.success) invalidInput(parsed.error.issues, addressMessages.zip)
      return lookupZip(parsed.data.zip)
    },
  }
  return service
}

export type AddressService = ReturnType<typeof createAddressService>
