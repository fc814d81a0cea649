/**
 * A cgroup of the check's own for its memory and its processes, v2 or v1, where one can be had: under the
 * cgroup Redline runs in when that is delegated to it (the preparing step arranges it on GitHub's runners),
 * under a prepared `redline` folder, or at the root as root. Each controller is found on its own, so the
 * report can say which limit holds.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

export type Controller = 'memory' | 'pids'

export interface CheckCgroup {
  /** Each held controller and the folder of the check's cgroup in it (one folder for both on v2). */
  held: Partial<Record<Controller, { version: 1 | 2; dir: string }>>
  /** Files the check's first process writes its pid to, so that it and all it starts are in the cgroup. */
  procsFiles: string[]
}

const BYTES_PER_MB = 1_048_576

/** The cgroup lines of /proc/self/cgroup: `0::/path` on v2, `N:memory:/path` on v1. */
export function ownCgroups(text: string): { unified?: string; v1: Partial<Record<Controller, string>> } {
  const v1: Partial<Record<Controller, string>> = {}
  let unified: string | undefined
  for (const line of text.split('\n')) {
    const [, controllers, path] = /^\d+:([^:]*):(.*)$/.exec(line) ?? []
    if (controllers === undefined || path === undefined) continue
    if (controllers === '') unified = path
    for (const name of controllers.split(',')) if (name === 'memory' || name === 'pids') v1[name] = path
  }
  return { ...(unified !== undefined ? { unified } : {}), v1 }
}

/**
 * Folders to try, best first. On v2: a prepared `redline` folder (the preparing step moves the job into
 * `redline/job`, so it is also the parent of Redline's own), the parent of Redline's own cgroup (a cgroup with
 * processes cannot share out controllers), the root. On v1: a prepared `redline` folder in Redline's own cgroup
 * or at the root, Redline's own cgroup (so the check stays inside every limit the job has), the root.
 */
export function candidateParents(mount: string, own: string | undefined, version: 1 | 2): string[] {
  const mine = own === undefined || own === '/' ? undefined : join(mount, own)
  const found =
    version === 2
      ? [join(mount, 'redline'), ...(mine ? [dirname(mine)] : []), mount]
      : [...(mine ? [join(mine, 'redline')] : []), join(mount, 'redline'), ...(mine ? [mine] : []), mount]
  return [...new Set(found)]
}

function tryMake(parent: string, name: string, ready: (dir: string) => boolean): string | undefined {
  if (!existsSync(parent)) return undefined
  const dir = join(parent, name)
  try {
    mkdirSync(dir)
  } catch {
    return undefined
  }
  if (ready(dir)) return dir
  removeQuietly(dir)
  return undefined
}

function write(path: string, value: string): boolean {
  try {
    writeFileSync(path, value)
    return true
  } catch {
    return false
  }
}

/** Makes the check's cgroup with its limits set, holding whichever controllers can be had. */
export function makeCheckCgroup(
  limits: { memoryMb: number; processes: number },
  root = '/sys/fs/cgroup',
  self = safeRead('/proc/self/cgroup')
): CheckCgroup {
  const own = ownCgroups(self)
  const name = `redline-check-${randomBytes(6).toString('hex')}`
  const memory = String(limits.memoryMb * BYTES_PER_MB)
  const pids = String(limits.processes)
  if (existsSync(join(root, 'cgroup.controllers'))) {
    for (const parent of candidateParents(root, own.unified, 2)) {
      const enabled = safeRead(join(parent, 'cgroup.subtree_control')).split(/\s+/)
      if (!enabled.includes('memory') || !enabled.includes('pids')) continue
      const dir = tryMake(parent, name, d => {
        write(join(d, 'memory.swap.max'), '0')
        return write(join(d, 'memory.max'), memory) && write(join(d, 'pids.max'), pids)
      })
      if (dir !== undefined)
        return {
          held: { memory: { version: 2, dir }, pids: { version: 2, dir } },
          procsFiles: [join(dir, 'cgroup.procs')]
        }
    }
  }
  const held: CheckCgroup['held'] = {}
  const settings: Record<Controller, (dir: string) => boolean> = {
    memory: dir => {
      const set = write(join(dir, 'memory.limit_in_bytes'), memory)
      write(join(dir, 'memory.memsw.limit_in_bytes'), memory)
      return set
    },
    pids: dir => write(join(dir, 'pids.max'), pids)
  }
  for (const controller of ['memory', 'pids'] as const) {
    const mount = join(root, controller)
    if (!existsSync(join(mount, 'cgroup.procs'))) continue
    for (const parent of candidateParents(mount, own.v1[controller], 1)) {
      const dir = tryMake(parent, name, settings[controller])
      if (dir !== undefined) {
        held[controller] = { version: 1, dir }
        break
      }
    }
  }
  return { held, procsFiles: Object.values(held).map(({ dir }) => join(dir, 'cgroup.procs')) }
}

/** What the cgroup tells of the limits it enforced: an OOM kill, a refused fork. */
export function cutOffs(cgroup: CheckCgroup, limits: { memoryMb: number; processes: number }): string[] {
  const told: string[] = []
  const memory = cgroup.held.memory
  if (memory !== undefined) {
    const file = memory.version === 2 ? 'memory.events' : 'memory.oom_control'
    if (counter(safeRead(join(memory.dir, file)), 'oom_kill') > 0)
      told.push(`memory: a process was killed at memory-mb ${limits.memoryMb}`)
  }
  const pids = cgroup.held.pids
  if (pids !== undefined && counter(safeRead(join(pids.dir, 'pids.events')), 'max') > 0)
    told.push(`processes: a fork was refused at processes ${limits.processes}`)
  return told
}

function counter(text: string, name: string): number {
  const line = text.split('\n').find(l => l.startsWith(`${name} `))
  return Number(line?.slice(name.length + 1) ?? 0) || 0
}

/** Kills every process left in the cgroup and removes it. */
export async function removeCheckCgroup(cgroup: CheckCgroup): Promise<void> {
  for (const { dir } of Object.values(cgroup.held)) {
    for (let round = 0; round < 50; round++) {
      write(join(dir, 'cgroup.kill'), '1')
      const left = safeRead(join(dir, 'cgroup.procs')).split('\n').filter(Boolean).map(Number)
      if (left.length === 0) break
      for (const pid of left) killQuietly(pid)
      await new Promise(resolve => setTimeout(resolve, 20))
    }
    removeQuietly(dir)
  }
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL')
  } catch {
    // Gone already.
  }
}

function removeQuietly(dir: string): void {
  try {
    rmdirSync(dir)
  } catch {
    // Still busy, or gone; the kernel frees it once empty.
  }
}

function safeRead(path: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return ''
  }
}
