import { hash } from '@node-rs/argon2'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { argon2Options, CHEAP_TEST_ARGON2, hashPassword, PRODUCTION_ARGON2, verifyPassword } from './password.server'

const PRODUCTION_PHC = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/
const CHEAP_PHC = /^\$argon2id\$v=19\$m=8,t=1,p=1\$/

afterEach(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
})

describe('argon2Options', () => {
  test('is the production cost unless the test variable is 1 and NODE_ENV is test', () => {
    expect(argon2Options({ NESTLIST_TEST_CHEAP_PASSWORD_HASH: '1', NODE_ENV: 'test' })).toBe(CHEAP_TEST_ARGON2)
    for (const env of [
      {},
      { NODE_ENV: 'test' },
      { NESTLIST_TEST_CHEAP_PASSWORD_HASH: '1', NODE_ENV: 'production' },
      // Unset NODE_ENV is production to env.server.ts, so it is here too.
      { NESTLIST_TEST_CHEAP_PASSWORD_HASH: '1' },
      { NESTLIST_TEST_CHEAP_PASSWORD_HASH: '1', NODE_ENV: 'development' },
      { NESTLIST_TEST_CHEAP_PASSWORD_HASH: 'true', NODE_ENV: 'test' },
      { NESTLIST_TEST_CHEAP_PASSWORD_HASH: '0', NODE_ENV: 'test' },
    ]) {
      expect(argon2Options(env), JSON.stringify(env)).toBe(PRODUCTION_ARGON2)
    }
    expect(PRODUCTION_ARGON2).toEqual({ algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 })
  })
})

describe('hashPassword', () => {
  test('hashes at the cheap cost under the unit-test config', async () => {
    expect(process.env.NESTLIST_TEST_CHEAP_PASSWORD_HASH).toBe('1')
    expect(await hashPassword('counting engine 1843')).toMatch(CHEAP_PHC)
  })

  test('a server started with NODE_ENV=production hashes at the production cost even with the test variable set', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    vi.stubEnv('NESTLIST_TEST_CHEAP_PASSWORD_HASH', '1')
    vi.resetModules()
    const fresh = await import('./password.server')
    const made = await fresh.hashPassword('counting engine 1843')
    expect(made).toMatch(PRODUCTION_PHC)
    expect(await fresh.verifyPassword(made, 'counting engine 1843')).toBe(true)
  })

  test('without the test variable it hashes at the production cost', async () => {
    vi.stubEnv('NESTLIST_TEST_CHEAP_PASSWORD_HASH', undefined)
    vi.resetModules()
    const fresh = await import('./password.server')
    expect(await fresh.hashPassword('counting engine 1843')).toMatch(PRODUCTION_PHC)
  })
})

describe('verifyPassword', () => {
  test('verifies hashes made at either cost, whichever cost new hashes use', async () => {
    const production = await hash('counting engine 1843', PRODUCTION_ARGON2)
    const cheap = await hash('counting engine 1843', CHEAP_TEST_ARGON2)
    expect(production).toMatch(PRODUCTION_PHC)
    expect(cheap).toMatch(CHEAP_PHC)
    for (const stored of [production, cheap]) {
      expect(await verifyPassword(stored, 'counting engine 1843')).toBe(true)
      expect(await verifyPassword(stored, 'counting engine 1844')).toBe(false)
    }
    expect(await verifyPassword('not a hash', 'counting engine 1843')).toBe(false)
  })
})
