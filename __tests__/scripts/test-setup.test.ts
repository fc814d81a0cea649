import { describe, expect, it } from '@jest/globals'
import { JUNIT_JAR, missingNeeds, NEEDS, planSetup, type Probe } from '../../scripts/test-setup/plan.js'

/** A machine that has the programs and files listed, and runs python3's venv check when `venv` says so. */
function machine(programs: string[], files: string[] = [JUNIT_JAR], venv = true, browser = true): Probe {
  return {
    has: program => programs.includes(program),
    exists: path => files.includes(path),
    succeeds: command => command === 'python3' && programs.includes('python3') && venv,
    browser: () => browser
  }
}

const EVERYTHING = ['sqlite3', 'javac', 'java', 'python3', 'bwrap', 'git', 'curl']

describe('the test set-up plan', () => {
  it('is ready with nothing to do when everything is here', () => {
    expect(missingNeeds(machine(EVERYTHING))).toEqual([])
    expect(planSetup([], { root: false, sudo: false, apt: false })).toEqual({ kind: 'ready' })
  })

  it('names the Debian package of each missing thing, once', () => {
    const missing = missingNeeds(machine(['git', 'java'], [], false, false))
    expect(missing.map(need => need.package)).toEqual([
      'chromium',
      'sqlite3',
      'default-jdk-headless',
      'junit5',
      'python3',
      'python3-venv',
      'bubblewrap',
      'curl'
    ])
    expect(missingNeeds(machine(EVERYTHING, [JUNIT_JAR], false)).map(need => need.package)).toEqual([
      'python3-venv'
    ])
    expect(new Set(NEEDS.map(need => need.package)).size).toBe(NEEDS.length)
  })

  it('installs with apt-get as root, and with sudo -n apt-get with passwordless sudo', () => {
    const missing = missingNeeds(machine(EVERYTHING.filter(p => p !== 'sqlite3' && p !== 'bwrap')))
    expect(planSetup(missing, { root: true, sudo: false, apt: true })).toEqual({
      kind: 'install',
      line: "test set-up: installing sqlite3 bubblewrap with apt-get (sqlite3 for the insights database, bwrap for the sandbox's checks)",
      commands: [
        ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'update', '-qq'],
        [
          'env',
          'DEBIAN_FRONTEND=noninteractive',
          'apt-get',
          'install',
          '-y',
          '-qq',
          '--no-install-recommends',
          'sqlite3',
          'bubblewrap'
        ]
      ]
    })
    const sudo = planSetup(missing, { root: false, sudo: true, apt: true })
    expect(sudo.kind === 'install' && sudo.commands.map(command => command.slice(0, 2))).toEqual([
      ['sudo', '-n'],
      ['sudo', '-n']
    ])
    expect(sudo.kind === 'install' && sudo.line).toContain('with sudo -n apt-get')
  })

  it('stops with one line saying what to install when it may not install', () => {
    const missing = missingNeeds(
      machine(
        EVERYTHING.filter(p => p !== 'sqlite3'),
        [JUNIT_JAR],
        true,
        false
      )
    )
    expect(planSetup(missing, { root: false, sudo: false, apt: true })).toEqual({
      kind: 'stop',
      line:
        'test set-up: missing chromium sqlite3 (a browser for the HTML report, sqlite3 for the insights database): ' +
        'install them with `sudo apt-get install chromium sqlite3`, or run npm test as root or with passwordless sudo ' +
        '(for the browser, CHROME_PATH may name one instead)'
    })
    // Root or sudo without apt-get cannot install either.
    const noApt = planSetup(missing, { root: true, sudo: false, apt: false })
    expect(noApt).toMatchObject({ kind: 'stop' })
    expect(noApt.kind === 'stop' && noApt.line).toContain('with your package manager')
    expect(noApt.kind === 'stop' && noApt.line.split('\n')).toHaveLength(1)
  })
})
