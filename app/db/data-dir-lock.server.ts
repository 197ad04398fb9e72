import fs from 'node:fs'
import path from 'node:path'

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `Nestlist is already running with the data directory ${dataDir} (process ${pid}). ` +
        'Stop that one first, or start this one with another DATA_DIR or a DATABASE_URL.',
    )
    this.name = 'DataDirInUseError'
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Claims the data directory for this process, so that a second start on the same folder fails at once
 * instead of sharing (and corrupting) one embedded database. A lock left by a killed process is taken over.
 */
export function lockDataDir(dataDir: string): { release(): void } {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 })
  const lockFile = path.join(dataDir, 'nestlist.pid')
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockFile, 'wx', 0o644)
      fs.writeSync(fd, String(process.pid))
      fs.closeSync(fd)
      const release = () => {
        try {
          if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockFile)
        } catch {
          // already gone
        }
      }
      process.on('exit', release)
      return { release }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const pid = Number.parseInt(fs.readFileSync(lockFile, 'utf8').trim(), 10)
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) throw new DataDirInUseError(dataDir, pid)
      fs.rmSync(lockFile, { force: true }) // stale: its process is gone
    }
  }
  throw new Error(`Could not lock ${dataDir}`)
}
