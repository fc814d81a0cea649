/**
 * Jest's order, with the longest tests first. Without timings from an earlier run (a fresh clone, as CI
 * runs), Jest orders by file size, so the eval's validation (over two minutes in one test) started last and ran
 * alone while the other workers waited. The files named here are known to be long; everything else keeps
 * Jest's order (timings when it has them, else size).
 */
import Sequencer from '@jest/test-sequencer'

const LONGEST_FIRST = [
  /__tests__\/eval\/validate\.int\.test\.ts$/,
  /__tests__\/eval\/check-fixtures\.int\.test\.ts$/,
  /\.e2e\.test\.ts$|__tests__\/eval\/.*\.int\.test\.ts$/
]

function rank(path) {
  const index = LONGEST_FIRST.findIndex(pattern => pattern.test(path))
  return index === -1 ? LONGEST_FIRST.length : index
}

export default class LongestFirst extends Sequencer {
  sort(tests) {
    const ordered = super.sort(tests)
    // Array.prototype.sort is stable: within a rank, Jest's own order stays.
    return [...ordered].sort((a, b) => rank(a.path) - rank(b.path))
  }
}
