import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs'

describe('the server’s Node flags', () => {
  it('npm start passes every one of them to node, so the server runs in the process npm started', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { scripts: { start: string } }
    const [command, ...args] = pkg.scripts.start.split(/\s+/)
    expect(command).toBe('node')
    const flags = args.slice(0, args.indexOf('scripts/start.mjs'))
    expect(args).toContain('scripts/start.mjs')
    expect(flags).toEqual([...SERVER_NODE_FLAGS])
  })
})
