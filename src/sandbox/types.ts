/**
 * What the sandbox is asked to run and what it reports: one command of the head, on a copy of the tree with a
 * HOME beside it, under limits, with the network or without.
 */

/** What one run may use; sizes in MiB. */
export interface Limits {
  processes: number
  memoryMb: number
  fileSizeMb: number
  tmpMb: number
}

export interface SandboxRequest {
  /** Run with `/bin/sh -c` at the root of `tree`. */
  command: string
  /** The copy of the head, writable by the check; the same path inside as outside. */
  tree: string
  /** The check's own HOME, kept between its setup and its run. */
  home: string
  /** The whole environment the command gets (the sandbox adds nothing secret to it). */
  env: Record<string, string>
  /** The host's network and resolver (a setup), or a loopback of its own (a run). */
  network: boolean
  /** Host folders bound read-only at the same path: the tool cache and the check's `toolchains`. */
  readOnly: readonly string[]
  limits: Limits
  timeoutMs: number
}

export interface SandboxRun {
  exitCode: number | null
  timedOut: boolean
  stdout: string
  stderr: string
  /** Bytes read and dropped past the cap, per stream. */
  droppedBytes: { stdout: number; stderr: number }
  /** The limits that cut the command off, as their mechanism told it. */
  cutOff: string[]
  /** Set when the command could not be started. */
  error?: string
}
