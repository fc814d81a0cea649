/**
 * Whether the sandbox can start here: bubblewrap (and, as root, setpriv) found on PATH, and a run of `true`
 * in the full recipe that succeeds. Where it cannot, the reason in bubblewrap's own words.
 */
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'
import { makeCheckFolder, removeCheckFolder } from './folder.js'
import { runInSandbox, type SandboxHost } from './run.js'

const PROBE_TIMEOUT_MS = 20_000

export function onPath(name: string, path: string | undefined): boolean {
  return (path ?? '').split(delimiter).some(dir => {
    if (dir === '') return false
    try {
      accessSync(join(dir, name), constants.X_OK)
      return true
    } catch {
      return false
    }
  })
}

export type SandboxReadiness = { ready: true } | { ready: false; why: string }

export async function probeSandbox(host: SandboxHost, path: string | undefined): Promise<SandboxReadiness> {
  const needed = ['bwrap', 'prlimit', ...(host.identity.prefix.length > 0 ? ['setpriv'] : [])]
  const missing = needed.filter(name => !onPath(name, path))
  if (missing.length > 0) return { ready: false, why: `${missing.join(' and ')} not found on PATH` }
  const folder = await makeCheckFolder()
  try {
    const ran = await runInSandbox(
      {
        command: 'true',
        tree: folder.tree,
        home: folder.home,
        env: { PATH: path ?? '/usr/bin:/bin' },
        network: false,
        readOnly: [],
        limits: { processes: 64, memoryMb: 256, fileSizeMb: 1, tmpMb: 1 },
        timeoutMs: PROBE_TIMEOUT_MS
      },
      host
    )
    if (ran.exitCode === 0) return { ready: true }
    const said = (ran.error ?? ran.stderr).trim().split('\n').pop()?.slice(0, 300)
    return {
      ready: false,
      why: ran.timedOut ? 'bwrap did not start in time' : `bwrap failed: ${said || `exit ${ran.exitCode}`}`
    }
  } finally {
    await removeCheckFolder(folder)
  }
}
