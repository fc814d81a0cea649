import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { FIXTURES_DIR, loadFixture, loadFixtures } from '../../eval/fixtures.js'
import { checkFixtureSet } from '../../eval/golden-check.js'
import { validate } from '../../eval/validate.js'

jest.setTimeout(120_000)

let dirs: string[] = []
afterEach(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
  dirs = []
})

/** A copy of one real fixture in a scratch directory, so a test can break it. */
async function copyOf(name: string): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'redline-fixtures-'))
  dirs.push(root)
  await cp(path.join(FIXTURES_DIR, name), path.join(root, name), { recursive: true })
  return root
}

describe('the fixture set', () => {
  it('holds what the evaluation promises: seeded and clean PRs, languages, multi-hop, fixes, a third held out', async () => {
    const fixtures = await loadFixtures()
    expect(checkFixtureSet(fixtures)).toEqual([])
    expect(fixtures.filter(f => !f.clean).length).toBeGreaterThanOrEqual(20)
    expect(fixtures.filter(f => f.clean).length).toBeGreaterThanOrEqual(5)
    expect(fixtures.flatMap(f => f.golden).filter(d => d.multiHop).length).toBeGreaterThanOrEqual(4)
  })

  it('finds what is wrong with a weakened set', async () => {
    const fixtures = (await loadFixtures()).filter(f => f.language !== 'rust')
    const problems = checkFixtureSet(fixtures.map(f => ({ ...f, holdout: false })))
    expect(problems).toContain('only 4 languages; at least 5 are needed')
    expect(problems.some(p => /fixtures are holdout/.test(p))).toBe(true)
  })
})

describe('loading a fixture', () => {
  it('names the file and the field of a malformed golden file', async () => {
    const root = await copyOf('ts-reorder')
    const golden = path.join(root, 'ts-reorder', 'golden', 'writes-not-awaited.json')
    await writeFile(
      golden,
      JSON.stringify({
        file: 'src/signup.ts',
        lines: [13, 13],
        locations: [],
        kind: 'k',
        category: 'bug',
        severity: 'high',
        description: 'd'
      })
    )
    await expect(loadFixture(path.join(root, 'ts-reorder'))).rejects.toThrow(
      /writes-not-awaited\.json: locations: .*; category: Invalid option/
    )
    await writeFile(golden, '{ not json')
    await expect(loadFixture(path.join(root, 'ts-reorder'))).rejects.toThrow(
      /writes-not-awaited\.json: not valid JSON/
    )
  })

  it('refuses an unknown fixture name', async () => {
    await expect(loadFixtures(FIXTURES_DIR, ['no-such-fixture'])).rejects.toThrow(
      'no such fixture: no-such-fixture'
    )
  })
})

describe('validate', () => {
  it('fails a golden location outside the diff, before any review is run', async () => {
    const root = await copyOf('ts-reorder')
    const golden = path.join(root, 'ts-reorder', 'golden', 'writes-not-awaited.json')
    await writeFile(
      golden,
      JSON.stringify({
        file: 'src/db/carts.ts',
        lines: [9, 9],
        locations: [{ file: 'src/db/carts.ts', start: 9, end: 9, role: 'cause' }],
        kind: 'missing await',
        category: 'error-handling',
        severity: 'high',
        description: 'A line the pull request does not change.'
      })
    )
    const report = await validate({ fixturesDir: root, only: ['ts-reorder'] })
    expect(report.problems).toEqual(
      expect.arrayContaining([
        "ts-reorder/writes-not-awaited: lines src/db/carts.ts:9-9 are not one range of the PR's diff-line set (RIGHT side, one hunk)",
        "ts-reorder/writes-not-awaited: cause src/db/carts.ts:9-9: line 9 is not in the PR's diff-line set"
      ])
    )
  })

  it('fails a multi-hop symptom placed in code the pull request changes', async () => {
    const root = await copyOf('go-not-found-detail')
    const golden = path.join(root, 'go-not-found-detail', 'golden', 'wrapped-without-w.json')
    const data = JSON.parse(await readFile(golden, 'utf8')) as {
      lines: [number, number]
      locations: Array<{ file: string; start: number; end: number; role: string }>
    }
    const symptom = data.locations.find(l => l.role === 'symptom')!
    Object.assign(symptom, { file: 'internal/store/store.go', start: data.lines[0], end: data.lines[0] })
    await writeFile(golden, JSON.stringify(data))
    const report = await validate({ fixturesDir: root, only: ['go-not-found-detail'] })
    expect(report.problems).toContain(
      `go-not-found-detail/wrapped-without-w: symptom internal/store/store.go:${data.lines[0]}-${data.lines[0]}: ` +
        'a multi-hop symptom must sit in code the PR does not change'
    )
  })
})
