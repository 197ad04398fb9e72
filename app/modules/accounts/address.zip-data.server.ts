// US ZIP code -> city and state, from the data file shipped with the `zipcodes` package (about 42,000
// US ZIP codes, including DC, territories and military APO/FPO codes).
import { createRequire } from 'node:module'
import { isUsStateCode, type UsStateCode } from './us-states'

export type ZipPlace = { zip: string; city: string; state: UsStateCode }

type ZipcodesModule = { lookup(zip: string): { zip: string; city: string; state: string; country: string } | undefined }

let data: ZipcodesModule | undefined
// Loaded on first use: the file is 5 MB of JavaScript (about 0.7 s and 28 MB to load) and most processes,
// tests included, never need it. A server can call loadZipData() at start so no request waits for it.
const zipcodes = () => (data ??= createRequire(import.meta.url)('zipcodes') as ZipcodesModule)

/** Loads the ZIP data now rather than on the first lookup. */
export function loadZipData(): void {
  zipcodes()
}

/** The city and state of a five-digit US ZIP code, or null when the data does not know it. */
export function lookupZip(zip: string): ZipPlace | null {
  if (!/^\d{5}$/.test(zip)) return null
  const found = zipcodes().lookup(zip)
  if (!found || found.country !== 'US' || !isUsStateCode(found.state)) return null
  return { zip, city: found.city, state: found.state }
}
