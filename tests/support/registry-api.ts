import type { SafeFetchOptions } from '~/modules/external-products/safe-fetch.server'
import { createTestApp } from './test-app'

/**
 * An app on a test database of its own, with helpers to call the registry API as different people: the shared
 * harness (test-app.ts), under the name the registry tests were written against. New tests call createTestApp().
 */
export function registryApiHarness(firstCatalogId: number, options: { fetch?: SafeFetchOptions } = {}) {
  return createTestApp({ firstCatalogId, fetch: options.fetch })
}

export type RegistryApiHarness = Awaited<ReturnType<typeof registryApiHarness>>
