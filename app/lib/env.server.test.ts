import path from 'node:path'
import { expect, test } from 'vitest'
import { readEnv } from './env.server'

test('defaults: port 3000, all interfaces, ./data, embedded database, info logs', () => {
  const env = readEnv({})
  expect(env).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', LOG_LEVEL: 'info' })
  expect(env.DATABASE_URL).toBeUndefined()
  expect(env.dataDir).toBe(path.resolve('./data'))
})

test('an empty DATABASE_URL means the embedded database', () => {
  expect(readEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined()
})

test('bad values stop start-up with a message naming the setting', () => {
  expect(() => readEnv({ PORT: 'eighty' })).toThrow(/PORT/)
  expect(() => readEnv({ PORT: '70000' })).toThrow(/PORT/)
  expect(() => readEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres/)
  expect(() => readEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/)
})
