import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { DataDirInUseError, lockDataDir } from './data-dir-lock.server'

let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nestlist-lock-'))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

test('a data directory held by another live process cannot be locked', () => {
  fs.writeFileSync(path.join(dir, 'nestlist.pid'), '1') // pid 1 is always alive
  expect(() => lockDataDir(dir)).toThrow(DataDirInUseError)
  expect(() => lockDataDir(dir)).toThrow(/already running with the data directory/)
})

test('a lock left by a process that no longer exists is taken over', () => {
  fs.writeFileSync(path.join(dir, 'nestlist.pid'), '999999999')
  const lock = lockDataDir(dir)
  expect(fs.readFileSync(path.join(dir, 'nestlist.pid'), 'utf8')).toBe(String(process.pid))
  lock.release()
  expect(fs.existsSync(path.join(dir, 'nestlist.pid'))).toBe(false)
})
