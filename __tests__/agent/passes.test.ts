import { describe, expect, it } from '@jest/globals'
import { runPool } from '../../src/agent/passes.js'

/** Tasks that each wait a tick, recording how many ran at once. */
function tasks(count: number): { list: Array<() => Promise<number>>; peak: () => number } {
  let running = 0
  let peak = 0
  const list = Array.from({ length: count }, (_, i) => async () => {
    running++
    peak = Math.max(peak, running)
    await new Promise(resolve => setTimeout(resolve, 5))
    running--
    return i
  })
  return { list, peak: () => peak }
}

describe('runPool', () => {
  it.each([1, 3])('runs at most %i at once and keeps the results in task order', async limit => {
    const { list, peak } = tasks(7)
    const results = await runPool(list, () => limit)
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6])
    expect(peak()).toBe(limit)
  })

  it('runs one at a time when the limit falls to zero or below', async () => {
    const { list, peak } = tasks(4)
    expect(await runPool(list, () => 0)).toEqual([0, 1, 2, 3])
    expect(peak()).toBe(1)
  })

  it('leaves the tasks it was told not to start undefined', async () => {
    const { list } = tasks(5)
    let started = 0
    const results = await runPool(
      list.map(task => () => {
        started++
        return task()
      }),
      () => 1,
      () => started < 2
    )
    expect(results).toEqual([0, 1, undefined, undefined, undefined])
  })

  it('starts tasks that can run together one turn apart, once the one before has sent its request', async () => {
    const events: string[] = []
    const list = [0, 1, 2].map(i => async () => {
      events.push(`start ${i}`)
      // An API client's steps until its request is written: promise callbacks, each waiting for the last.
      for (let step = 0; step < 5; step++) await Promise.resolve()
      events.push(`sent ${i}`)
      await new Promise(resolve => setTimeout(resolve, 5))
      return i
    })
    expect(await runPool(list, () => 3)).toEqual([0, 1, 2])
    expect(events.slice(0, 5)).toEqual(['start 0', 'sent 0', 'start 1', 'sent 1', 'start 2'])
  })
})
