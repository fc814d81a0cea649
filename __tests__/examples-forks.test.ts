import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { PULL_REQUEST_ACTIONS } from '../src/action/event.js'

const forks = readFileSync(new URL('../examples/review-forks.yml', import.meta.url), 'utf8')
const page = readFileSync(new URL('../docs/forks.md', import.meta.url), 'utf8')
const lines = forks.split('\n').filter(line => !line.trimStart().startsWith('#'))

describe('examples/review-forks.yml', () => {
  it('runs on pull_request_target for exactly the actions Redline reviews', () => {
    expect(lines).toContain('  pull_request_target:')
    expect(lines).toContain(`    types: [${PULL_REQUEST_ACTIONS.join(', ')}]`)
  })

  it('keeps the token minimal and runs nothing from the pull request', () => {
    const permissions = lines.slice(lines.indexOf('permissions:') + 1)
    expect(
      permissions.slice(
        0,
        permissions.findIndex(line => !line.startsWith('  '))
      )
    ).toEqual(['  contents: read', '  pull-requests: write'])
    // checkout at its default (the base branch): no ref, no run step, no other action.
    expect(lines.filter(line => /^\s+- (uses|run):/.test(line))).toEqual([
      '      - uses: actions/checkout@v5',
      '      - uses: redline-review/redline@v1'
    ])
    expect(lines.join('\n')).not.toMatch(/\bref:|\brun:|head\.sha|persist-credentials/)
  })

  it('is the workflow docs/forks.md shows', () => {
    const shown = /```yaml\n([\s\S]*?)```/.exec(page)?.[1] ?? ''
    expect(shown.trim()).toBe(lines.join('\n').trim())
  })
})
