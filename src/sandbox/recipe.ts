/**
 * The bubblewrap command line for one run, built from a list of what the sandbox holds (never the host with
 * parts hidden): the tree and HOME, a fresh /tmp and /dev/shm, /usr and a few files of /etc read-only,
 * generated passwd, group and hosts, bubblewrap's own /dev and a /proc of its own PID namespace, no /sys.
 * It always runs unprivileged, in a user namespace it cannot leave.
 */

/** The file descriptors the generated /etc files are passed on, in this order. */
export const DATA_FILES = ['/etc/passwd', '/etc/group', '/etc/hosts'] as const
export const FIRST_DATA_FD = 3

export interface RecipeInput {
  tree: string
  home: string
  tmpBytes: number
  network: boolean
  /** Top-level names (bin, lib, lib64, sbin) and what each is on the host: a link into /usr or a folder. */
  topLevel: ReadonlyArray<{ name: string; link?: string }>
  /** Host files and folders of /etc a check may read (only those present). */
  etc: readonly string[]
  /** The host's resolver file, for a run with the network. */
  resolver?: string
  readOnly: readonly string[]
}

const ISOLATION = [
  '--unshare-all',
  '--unshare-user',
  '--disable-userns',
  '--die-with-parent',
  '--new-session'
]

export function bwrapArgs(input: RecipeInput, command: string): string[] {
  const args = [...ISOLATION]
  if (input.network) args.push('--share-net')
  args.push('--ro-bind', '/usr', '/usr')
  for (const { name, link } of input.topLevel)
    args.push(
      ...(link !== undefined ? ['--symlink', link, `/${name}`] : ['--ro-bind', `/${name}`, `/${name}`])
    )
  for (const path of input.etc) args.push('--ro-bind', path, path)
  DATA_FILES.forEach((path, index) => args.push('--ro-bind-data', String(FIRST_DATA_FD + index), path))
  if (input.network && input.resolver !== undefined)
    args.push('--ro-bind', input.resolver, '/etc/resolv.conf')
  args.push('--dev', '/dev', '--proc', '/proc')
  const size = String(input.tmpBytes)
  args.push('--perms', '1777', '--size', size, '--tmpfs', '/tmp')
  args.push('--perms', '1777', '--size', size, '--tmpfs', '/dev/shm')
  // After the fresh /tmp, so that a folder under the host's /tmp is not hidden by it.
  for (const path of input.readOnly) args.push('--ro-bind', path, path)
  args.push('--bind', input.home, input.home, '--bind', input.tree, input.tree, '--chdir', input.tree)
  args.push('--', '/bin/sh', '-c', command)
  return args
}

/** The generated /etc files: the check's user and group, and localhost on its own loopback. */
export function dataFiles(uid: number, gid: number, home: string): string[] {
  return [
    `check:x:${uid}:${gid}:check:${home}:/bin/sh\n`,
    `check:x:${gid}:\n`,
    '127.0.0.1 localhost\n::1 localhost ip6-localhost ip6-loopback\n'
  ]
}
