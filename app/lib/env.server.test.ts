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

test('ALLOWED_HOSTS is a comma-separated list of host names; PUBLIC_URL an http(s) origin', () => {
  expect(readEnv({ ALLOWED_HOSTS: 'nestlist.example, .nestlist.example,127.0.0.1,[::1]' }).ALLOWED_HOSTS).toBe('nestlist.example, .nestlist.example,127.0.0.1,[::1]')
  expect(readEnv({ ALLOWED_HOSTS: '*' }).ALLOWED_HOSTS).toBe('*')
  expect(readEnv({ ALLOWED_HOSTS: '' }).ALLOWED_HOSTS).toBeUndefined()
  expect(() => readEnv({ ALLOWED_HOSTS: 'https://nestlist.example/' })).toThrow(/ALLOWED_HOSTS must be host names/)
  expect(() => readEnv({ PUBLIC_URL: 'ftp://nestlist.example' })).toThrow(/PUBLIC_URL must start with http/)
})
