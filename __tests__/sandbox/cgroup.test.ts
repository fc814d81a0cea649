/**
 * Where a check's cgroup is made, on cgroup trees the test lays out as v2 and v1 would be (the real v1 tree is
 * used by the end-to-end tests), and what its event files say of a cut-off.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { candidateParents, cutOffs, makeCheckCgroup, ownCgroups } from '../../src/sandbox/cgroup.js'

const dir = mkdtempSync(join(tmpdir(), 'redline-cgroup-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const limits = { memoryMb: 64, processes: 40 }

describe('the check cgroup', () => {
  it('reads Redline own cgroups from /proc/self/cgroup', () => {
    expect(ownCgroups('12:pids:/job\n4:memory:/a/b\n0::/system.slice/runner.service\n')).toEqual({
      unified: '/system.slice/runner.service',
      v1: { pids: '/job', memory: '/a/b' }
    })
  })

  it('tries a prepared folder first, then beside (v2) or inside (v1) its own, then the root', () => {
    expect(candidateParents('/cg', '/redline/job', 2)).toEqual(['/cg/redline', '/cg'])
    expect(candidateParents('/cg', '/system.slice/x.service', 2)).toEqual([
      '/cg/redline',
      '/cg/system.slice',
      '/cg'
    ])
    expect(candidateParents('/cg/memory', '/job', 1)).toEqual([
      '/cg/memory/job/redline',
      '/cg/memory/redline',
      '/cg/memory/job',
      '/cg/memory'
    ])
  })

  it('on v2, makes one cgroup under the delegated redline folder with memory.max and pids.max', () => {
    const root = join(dir, 'v2')
    mkdirSync(join(root, 'redline/job'), { recursive: true })
    writeFileSync(join(root, 'cgroup.controllers'), 'memory pids\n')
    writeFileSync(join(root, 'redline/cgroup.subtree_control'), 'memory pids\n')
    const cgroup = makeCheckCgroup(limits, root, '0::/redline/job\n')
    const held = cgroup.held.memory!
    expect(held).toEqual({
      version: 2,
      dir: expect.stringMatching(/\/v2\/redline\/redline-check-[0-9a-f]{12}$/)
    })
    expect(cgroup.held.pids).toEqual(held)
    expect(readFileSync(join(held.dir, 'memory.max'), 'utf8')).toBe(String(64 * 1_048_576))
    expect(readFileSync(join(held.dir, 'memory.swap.max'), 'utf8')).toBe('0')
    expect(readFileSync(join(held.dir, 'pids.max'), 'utf8')).toBe('40')
    expect(cgroup.procsFiles).toEqual([join(held.dir, 'cgroup.procs')])
    writeFileSync(join(held.dir, 'memory.events'), 'low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\n')
    writeFileSync(join(held.dir, 'pids.events'), 'max 12\n')
    expect(cutOffs(cgroup, limits)).toEqual([
      'memory: a process was killed at memory-mb 64',
      'processes: a fork was refused at processes 40'
    ])
  })

  it('on v2, holds nothing where no parent shares out memory and pids', () => {
    const root = join(dir, 'v2-none')
    mkdirSync(root, { recursive: true })
    writeFileSync(join(root, 'cgroup.controllers'), 'memory pids\n')
    writeFileSync(join(root, 'cgroup.subtree_control'), 'cpu\n')
    expect(makeCheckCgroup(limits, root, '0::/\n')).toEqual({ held: {}, procsFiles: [] })
  })

  it('on v1, makes a cgroup in each controller, inside the job own one', () => {
    const root = join(dir, 'v1')
    for (const controller of ['memory', 'pids']) {
      mkdirSync(join(root, controller, 'job'), { recursive: true })
      writeFileSync(join(root, controller, 'cgroup.procs'), '')
    }
    const cgroup = makeCheckCgroup(limits, root, '8:pids:/job\n4:memory:/job\n')
    expect(cgroup.held.memory?.dir).toMatch(/\/v1\/memory\/job\/redline-check-/)
    expect(cgroup.held.pids?.dir).toMatch(/\/v1\/pids\/job\/redline-check-/)
    expect(readFileSync(join(cgroup.held.memory!.dir, 'memory.limit_in_bytes'), 'utf8')).toBe(
      String(64 * 1_048_576)
    )
    writeFileSync(
      join(cgroup.held.memory!.dir, 'memory.oom_control'),
      'oom_kill_disable 0\nunder_oom 0\noom_kill 0\n'
    )
    expect(cutOffs(cgroup, limits)).toEqual([])
  })
})
