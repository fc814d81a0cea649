/** The learning page's sample learned.md is what the learn run's own code writes for its evidence, byte for byte. */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseLearnedFile } from '../../src/state/learned-file.js'
import { learnedSample } from '../../testing/learned-sample.js'

const page = readFileSync(resolve(import.meta.dirname, '../../docs/learning.md'), 'utf8')

describe('the docs/learning.md sample of .github/redline/learned.md', () => {
  it('is the file the run writes, and reads back as one rule with its three links', () => {
    const shown = /<!-- testing\/learned-sample\.ts -->\n<!-- prettier-ignore -->\n```md\n([\s\S]*?)```/.exec(
      page
    )?.[1]
    const sample = learnedSample()
    expect(shown).toBe(sample)
    const file = parseLearnedFile(sample)
    expect(file.problems).toEqual([])
    expect(file.rules.map(rule => [rule.paths, rule.evidence.length])).toEqual([[['src/legacy/**'], 3]])
  })
})
