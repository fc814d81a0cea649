/**
 * One command of the head in the sandbox: its cgroup made and removed around it, the bubblewrap recipe,
 * the rlimits that hold where no cgroup does, and what each mechanism told of a cut-off.
 */
import { cutOffs, makeCheckCgroup, removeCheckCgroup, type CheckCgroup } from './cgroup.js'
import { etcFiles, resolverFile, topLevel } from './host-view.js'
import { checkIdentity, type CheckIdentity } from './identity.js'
import { launch } from './launch.js'
import { bwrapArgs, dataFiles } from './recipe.js'
import type { Limits, SandboxRequest, SandboxRun } from './types.js'

const MB = 1_048_576
/** bubblewrap exits with 128 and the signal that ended the command. */
const EXIT_ON_SIGXFSZ = 128 + 25

/** What of the host the sandbox uses, read once. */
export interface SandboxHost {
  identity: CheckIdentity
  topLevel: Array<{ name: string; link?: string }>
  etc: string[]
  resolver?: string
}

export function readSandboxHost(identity = checkIdentity()): SandboxHost {
  const resolver = resolverFile()
  return { identity, topLevel: topLevel(), etc: etcFiles(), ...(resolver ? { resolver } : {}) }
}

/**
 * The rlimits: the file size always, no core files, and processes by RLIMIT_NPROC where no pids cgroup holds
 * them (exact when the check has a uid of its own; a cgroup says when it refused a fork, an rlimit does not).
 */
export function rlimitArgs(limits: Limits, cgroup: CheckCgroup): string[] {
  const size = limits.fileSizeMb * MB
  const args = [`--fsize=${size}:${size}`, '--core=0:0']
  if (cgroup.held.pids === undefined) args.push(`--nproc=${limits.processes}:${limits.processes}`)
  return args
}

/** Which limits do not hold, or hold only loosely, with the cgroup that could be had. */
export function limitNotes(cgroup: CheckCgroup, identity: CheckIdentity): string[] {
  const notes: string[] = []
  if (cgroup.held.memory === undefined)
    notes.push('memory-mb does not hold: no memory cgroup could be had (see the sandbox preparing step)')
  if (cgroup.held.pids === undefined && identity.prefix.length === 0)
    notes.push(
      "processes is held by RLIMIT_NPROC, which counts the runner user's other processes too (no pids cgroup could be had)"
    )
  return notes
}

export interface SandboxOutcome extends SandboxRun {
  notes: string[]
}

export async function runInSandbox(request: SandboxRequest, host: SandboxHost): Promise<SandboxOutcome> {
  const { limits, tree, home } = request
  const cgroup = makeCheckCgroup(limits)
  try {
    const bwrap = bwrapArgs(
      {
        tree,
        home,
        tmpBytes: limits.tmpMb * MB,
        network: request.network,
        topLevel: host.topLevel,
        etc: host.etc,
        ...(host.resolver ? { resolver: host.resolver } : {}),
        readOnly: request.readOnly
      },
      request.command
    )
    const ran = await launch({
      procsFiles: cgroup.procsFiles,
      rlimits: rlimitArgs(limits, cgroup),
      prefix: host.identity.prefix,
      bwrap,
      data: dataFiles(host.identity.uid, host.identity.gid, home),
      env: request.env,
      timeoutMs: request.timeoutMs
    })
    const cutOff = cutOffs(cgroup, limits)
    if (ran.exitCode === EXIT_ON_SIGXFSZ)
      cutOff.push(`file size: a file reached file-size-mb ${limits.fileSizeMb} (SIGXFSZ)`)
    return { ...ran, cutOff, notes: limitNotes(cgroup, host.identity) }
  } finally {
    await removeCheckCgroup(cgroup)
  }
}
