/**
 * Who a check runs as. As the runner's user, that user. As root, a uid and gid of the check's own, dropped to
 * before bubblewrap starts, so that the same unprivileged path runs and nothing inside is root.
 */
import { randomInt } from 'node:crypto'

export interface CheckIdentity {
  uid: number
  gid: number
  /** The command prefix that drops to it (empty when Redline already runs as it). */
  prefix: string[]
}

/** A range no login uses: each check draws its own, so two runs never count each other's processes. */
const FIRST_CHECK_UID = 420_000
const CHECK_UIDS = 60_000

export function checkIdentity(
  uid = process.getuid?.() ?? 0,
  gid = process.getgid?.() ?? 0,
  draw: () => number = () => randomInt(CHECK_UIDS)
): CheckIdentity {
  if (uid !== 0) return { uid, gid, prefix: [] }
  const own = FIRST_CHECK_UID + draw()
  return {
    uid: own,
    gid: own,
    prefix: ['setpriv', `--reuid=${own}`, `--regid=${own}`, '--clear-groups', '--inh-caps=-all', '--']
  }
}
