/**
 * `npm test`'s set-up (npm runs it as `pretest`): installs what the tests need from outside npm where it is
 * missing (scripts/test-setup/plan.ts says what and how), or stops before the tests with one line saying what
 * to install. Silent when everything is here.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { findBrowser, onPath } from '../testing/browser.js'
import { missingNeeds, planSetup, type Probe } from './test-setup/plan.js'

/** A probe or an install that does not answer in this time is taken as failed. */
const PROBE_TIMEOUT_MS = 30_000
const INSTALL_TIMEOUT_MS = 15 * 60_000

const machine: Probe = {
  has: program => onPath(program, process.env['PATH']) !== undefined,
  exists: path => existsSync(path),
  succeeds: (command, args) =>
    spawnSync(command, args, { stdio: 'ignore', timeout: PROBE_TIMEOUT_MS }).status === 0,
  browser: () => findBrowser() !== undefined
}

function passwordlessSudo(): boolean {
  return machine.has('sudo') && machine.succeeds('sudo', ['-n', 'true'])
}

function main(): number {
  const installer = { root: process.getuid?.() === 0, sudo: false, apt: machine.has('apt-get') }
  if (!installer.root) installer.sudo = passwordlessSudo()
  const plan = planSetup(missingNeeds(machine), installer)
  if (plan.kind === 'ready') return 0
  console.error(plan.line)
  if (plan.kind === 'stop') return 1
  const started = Date.now()
  for (const command of plan.commands) {
    const [program = '', ...args] = command
    // apt's own chatter (debconf notes) is shown only when the install fails.
    const run = spawnSync(program, args, { stdio: ['ignore', 'ignore', 'pipe'], timeout: INSTALL_TIMEOUT_MS })
    if (run.status !== 0) {
      process.stderr.write(run.stderr ?? '')
      console.error(
        `test set-up: \`${command.join(' ')}\` failed (${run.error?.message ?? `exit ${run.status}`})`
      )
      return 1
    }
  }
  const still = missingNeeds(machine)
  if (still.length > 0) {
    console.error(`test set-up: still missing after the install: ${still.map(need => need.use).join(', ')}`)
    return 1
  }
  console.error(`test set-up: installed in ${Math.round((Date.now() - started) / 1000)} s`)
  return 0
}

process.exitCode = main()
