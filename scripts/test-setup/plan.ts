/**
 * What the tests need from outside npm, and how the test command's set-up gets what is missing: apt-get as
 * root, `sudo -n apt-get` with passwordless sudo (GitHub's runners), otherwise one line saying what to install.
 * Pure: the shell in scripts/test-setup.ts probes the machine and runs the plan.
 */

/** What the machine is asked, so the needs can be decided without touching it. */
export interface Probe {
  /** Whether a program of this name is on PATH. */
  has(program: string): boolean
  exists(path: string): boolean
  /** Whether the command runs and exits 0. */
  succeeds(command: string, args: string[]): boolean
  /** Whether a Chromium-family browser is found (testing/browser.ts). */
  browser(): boolean
}

export interface Need {
  /** The Debian package that provides it. */
  package: string
  /** What the tests use it for, as the set-up's line says it. */
  use: string
  present(probe: Probe): boolean
}

/** Where Debian's junit5 puts the console launcher the Java fixtures run their tests with. */
export const JUNIT_JAR = '/usr/share/java/junit-platform-console-standalone.jar'

export const NEEDS: readonly Need[] = [
  { package: 'chromium', use: 'a browser for the HTML report', present: probe => probe.browser() },
  { package: 'sqlite3', use: 'sqlite3 for the insights database', present: probe => probe.has('sqlite3') },
  {
    package: 'default-jdk-headless',
    use: 'javac and java for the Java fixtures',
    present: probe => probe.has('javac') && probe.has('java')
  },
  { package: 'junit5', use: 'the JUnit 5 console launcher', present: probe => probe.exists(JUNIT_JAR) },
  { package: 'python3', use: 'python3', present: probe => probe.has('python3') },
  {
    package: 'python3-venv',
    use: 'python3 -m venv',
    // Debian keeps ensurepip, which venv needs to put pip in, in python3-venv.
    present: probe => probe.succeeds('python3', ['-c', 'import ensurepip, venv'])
  },
  { package: 'bubblewrap', use: "bwrap for the sandbox's checks", present: probe => probe.has('bwrap') },
  { package: 'git', use: 'git', present: probe => probe.has('git') },
  {
    package: 'curl',
    use: "curl for the sandbox's preparing step, which reads the base's configuration",
    present: probe => probe.has('curl')
  }
]

/** How this user may install packages. */
export interface Installer {
  root: boolean
  /** Passwordless sudo (`sudo -n true` succeeds). */
  sudo: boolean
  apt: boolean
}

export type Plan =
  { kind: 'ready' } | { kind: 'install'; line: string; commands: string[][] } | { kind: 'stop'; line: string }

export function missingNeeds(probe: Probe, needs: readonly Need[] = NEEDS): Need[] {
  return needs.filter(need => !need.present(probe))
}

export function planSetup(missing: readonly Need[], installer: Installer): Plan {
  if (missing.length === 0) return { kind: 'ready' }
  const packages = missing.map(need => need.package)
  const uses = missing.map(need => need.use).join(', ')
  if (installer.apt && (installer.root || installer.sudo)) {
    const prefix = [
      ...(installer.root ? [] : ['sudo', '-n']),
      'env',
      'DEBIAN_FRONTEND=noninteractive',
      'apt-get'
    ]
    const how = installer.root ? 'apt-get' : 'sudo -n apt-get'
    return {
      kind: 'install',
      line: `test set-up: installing ${packages.join(' ')} with ${how} (${uses})`,
      commands: [
        [...prefix, 'update', '-qq'],
        [...prefix, 'install', '-y', '-qq', '--no-install-recommends', ...packages]
      ]
    }
  }
  return { kind: 'stop', line: stopLine(packages, uses, installer.apt) }
}

function stopLine(packages: string[], uses: string, apt: boolean): string {
  const how = apt
    ? `install them with \`sudo apt-get install ${packages.join(' ')}\`, or run npm test as root or with passwordless sudo`
    : "install them with your package manager (the names are Debian's)"
  const browser = packages.includes('chromium') ? ' (for the browser, CHROME_PATH may name one instead)' : ''
  return `test set-up: missing ${packages.join(' ')} (${uses}): ${how}${browser}`
}
