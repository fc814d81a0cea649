import { spawnSync } from 'node:child_process'
import {
  handOver,
  makeCheckFolder,
  readSandboxHost,
  removeCheckFolder,
  runInSandbox
} from '../src/sandbox/index.js'
import { DEFAULT_LIMITS } from '../src/evidence/spec.js'

/**
 * What the sandbox costs a check: the median time of a trivial check (`true`) run in it, as a ratio to the
 * same command run bare (`/bin/sh -c true`), both from this process, with the check's cgroup made and removed
 * each time as a real check has it.
 */
const RUNS = 20

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

export async function benchSandbox(): Promise<void> {
  const host = readSandboxHost()
  const folder = await makeCheckFolder()
  await handOver(folder, host.identity)
  const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin' }
  const bare: number[] = []
  const boxed: number[] = []
  try {
    for (let run = 0; run < RUNS; run++) {
      let started = performance.now()
      spawnSync('/bin/sh', ['-c', 'true'], { cwd: folder.tree, env })
      bare.push(performance.now() - started)
      started = performance.now()
      const ran = await runInSandbox(
        {
          command: 'true',
          tree: folder.tree,
          home: folder.home,
          env,
          network: false,
          readOnly: [],
          limits: { ...DEFAULT_LIMITS },
          timeoutMs: 30_000
        },
        host
      )
      boxed.push(performance.now() - started)
      if (ran.exitCode !== 0) throw new Error(`the sandbox did not run: ${ran.stderr.trim()}`)
    }
  } finally {
    await removeCheckFolder(folder)
  }
  const [b, s] = [median(bare), median(boxed)]
  console.log('\nsandbox: a trivial check (`true`), median of %d runs', RUNS)
  console.log('  bare /bin/sh -c true   %s ms', b.toFixed(1))
  console.log('  in the sandbox         %s ms', s.toFixed(1))
  console.log(
    '  ratio                  %sx (about %s ms more a check)',
    (s / b).toFixed(1),
    (s - b).toFixed(0)
  )
}
