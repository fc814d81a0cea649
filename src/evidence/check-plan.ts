/**
 * What one check is given in the sandbox: its environment, its limits, and the host folders it reads (the
 * runner's tool cache and its `toolchains`), each refused where it would show a secret or the workspace.
 */
import { existsSync } from 'node:fs'
import { expandHome, refusal, type Limits } from '../sandbox/index.js'
import { DEFAULT_LIMITS, FORBIDDEN_ENV, type CheckSpec } from './spec.js'

/**
 * PATH, LANG, CI=true, its own HOME, TMPDIR=/tmp (the sandbox's own), and the variables its `env` names that
 * the workflow set; never a key, a token or the runner's own variables.
 */
export function checkEnv(
  parent: NodeJS.ProcessEnv,
  listed: readonly string[],
  home: string
): Record<string, string> {
  const env: Record<string, string> = {
    PATH: parent['PATH'] ?? '/usr/local/bin:/usr/bin:/bin',
    LANG: parent['LANG'] ?? 'C.UTF-8',
    CI: 'true',
    HOME: home,
    TMPDIR: '/tmp'
  }
  for (const name of listed) {
    const value = parent[name]
    if (value !== undefined && !FORBIDDEN_ENV.test(name) && !(name in env)) env[name] = value
  }
  return env
}

export function checkLimits(check: CheckSpec): Limits {
  const limits = check.limits ?? {}
  return {
    processes: limits.processes ?? DEFAULT_LIMITS.processes,
    memoryMb: limits['memory-mb'] ?? DEFAULT_LIMITS.memoryMb,
    fileSizeMb: limits['file-size-mb'] ?? DEFAULT_LIMITS.fileSizeMb,
    tmpMb: limits['tmp-mb'] ?? DEFAULT_LIMITS.tmpMb
  }
}

/**
 * The tool cache (where present and allowed) and the check's toolchains; a refused or missing toolchain
 * is the one line returned instead, and the check does not run.
 */
export function readOnlyFolders(
  check: CheckSpec,
  env: NodeJS.ProcessEnv,
  workspace: string
): string[] | string {
  const home = env['HOME'] ?? '/root'
  const forbidden = {
    home,
    private: [env['GITHUB_WORKSPACE'] ?? workspace, workspace, env['RUNNER_TEMP'] ?? ''].filter(Boolean)
  }
  const folders: string[] = []
  const cache = env['RUNNER_TOOL_CACHE']
  if (cache !== undefined && existsSync(cache) && refusal(cache, forbidden) === undefined) folders.push(cache)
  for (const named of check.toolchains ?? []) {
    const path = expandHome(named, home)
    const refused = refusal(path, forbidden)
    if (refused !== undefined) return `toolchain ${named} is refused: ${refused}`
    if (!existsSync(path)) return `toolchain ${named} does not exist here`
    if (!folders.includes(path)) folders.push(path)
  }
  return folders
}
