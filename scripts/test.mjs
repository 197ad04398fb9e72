// `npm test`: every check in one gate, stopping at the first failure.
// typecheck -> lint -> unit + integration (real PostgreSQL) -> build -> browser tests (Chromium).
//
// `npm test -- --database-tiers` (CI's second run, on another PostgreSQL): what depends on the database only, the
// unit and integration tiers and a smoke set of browser tests (SMOKE_SPECS). Typecheck, lint and the build do not
// depend on the database, and the whole browser tier already ran once on the same code.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const started = Date.now()
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'nestlist-test-report-'))
let passed = 0
let failed = 0
/** Browser tests that failed once and passed on their second try (vitest.e2e.config.ts): named, never hidden. */
const secondTries = []

function step(name, command, args, env = {}) {
  const t0 = Date.now()
  process.stdout.write(`\n▶ ${name}\n`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  const seconds = ((Date.now() - t0) / 1000).toFixed(1)
  if (result.status !== 0) {
    process.stdout.write(`\n✖ ${name} failed after ${seconds} s\n`)
    finish(result.status ?? 1)
  }
  process.stdout.write(`✔ ${name} (${seconds} s)\n`)
}

function countResults(file) {
  if (!fs.existsSync(file)) return
  const json = JSON.parse(fs.readFileSync(file, 'utf8'))
  passed += json.numPassedTests ?? 0
  failed += json.numFailedTests ?? 0
  // A test that passed keeps the errors of a failed first try in its failureMessages.
  for (const file of json.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'passed' && test.failureMessages?.length) {
        const reason = String(test.failureMessages[0]).split('\n')[0].slice(0, 200)
        secondTries.push(`${path.relative(process.cwd(), file.name)} > ${test.fullName}: ${reason}`)
      }
    }
  }
}

function finish(code) {
  countResults(path.join(reports, 'unit.json'))
  countResults(path.join(reports, 'e2e.json'))
  const minutes = ((Date.now() - started) / 60000).toFixed(1)
  process.stdout.write(`\nnpm test took ${minutes} min on ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL'}\n`)
  process.stdout.write(`tests: ${passed} passed, ${failed} failed\n`)
  if (secondTries.length) {
    process.stdout.write(`\n⚠ ${secondTries.length} passed only on a second try (flaky: fix, do not ignore):\n`)
    for (const line of secondTries) process.stdout.write(`  ${line}\n`)
  }
  process.exit(code)
}

/**
 * A program the browser tests need, from Debian's package when it is missing (as root with apt), else a message
 * saying how to get it: Chromium for every browser test, nginx for the cluster test (tests/e2e/cluster.spec.ts).
 */
function ensureProgram({ label, debianPackage, paths, envVar }) {
  const candidates = [process.env[envVar], ...paths].filter(Boolean)
  if (candidates.some((p) => fs.existsSync(p))) return
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
  if (isRoot && hasApt) {
    process.stdout.write(`${label} is missing: installing Debian's ${debianPackage} package…\n`)
    const update = spawnSync('apt-get', ['update'], { stdio: 'inherit' })
    const install = update.status === 0 ? spawnSync('apt-get', ['install', '-y', debianPackage], { stdio: 'inherit' }) : update
    if (install.status === 0 && paths.some((p) => fs.existsSync(p))) return
  }
  process.stderr.write(
    `\nThe browser tests need ${label}. Install it (Debian/Ubuntu: \`sudo apt-get install -y ${debianPackage}\`),\n` +
      `or point ${envVar} at its binary, then run \`npm test\` again.\n`,
  )
  process.exit(1)
}

const databaseTiers = process.argv.includes('--database-tiers')

/**
 * The browser tests a second database runs: the journeys that write most to it (sign-up and sign-in, a registry
 * from creation to gifts and the tracker, checkout with payment and stock), and several app processes sharing it
 * behind nginx (the cluster test).
 */
const SMOKE_SPECS = ['tests/e2e/accounts.spec.ts', 'tests/e2e/registry-journey.spec.ts', 'tests/e2e/checkout.spec.ts', 'tests/e2e/cluster.spec.ts']

ensureProgram({ label: 'Chromium', debianPackage: 'chromium', paths: ['/usr/bin/chromium', '/usr/bin/chromium-browser'], envVar: 'CHROMIUM_PATH' })
ensureProgram({ label: 'nginx', debianPackage: 'nginx', paths: ['/usr/sbin/nginx'], envVar: 'NGINX_PATH' })
if (!databaseTiers) {
  step('Type check', 'npm', ['run', '--silent', 'typecheck'])
  step('Lint', 'npm', ['run', '--silent', 'lint'])
}
step('Unit and integration tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, 'unit.json')}`])
// The second run reuses the first run's build of the same code (npm start's check decides whether one is current).
if (!databaseTiers || !fs.existsSync('build/server/main.js')) step('Build', 'npm', ['run', '--silent', 'build'])
step(databaseTiers ? `Browser tests (smoke set: ${SMOKE_SPECS.length} files)` : 'Browser tests', 'npx', [
  'vitest',
  'run',
  '--config',
  'vitest.e2e.config.ts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(reports, 'e2e.json')}`,
  ...(databaseTiers ? SMOKE_SPECS : []),
])
finish(0)
