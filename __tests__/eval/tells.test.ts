import { describe, expect, it } from '@jest/globals'
import { loadFixtures } from '../../eval/fixtures.js'
import type { Fixture } from '../../eval/model.js'
import { prFigures, tellFigures, tellProblems } from '../../eval/tells.js'

const fixtures = await loadFixtures()
const TEST_LINE: Record<string, string> = {
  go: 'func TestMore(t *testing.T) {}',
  rust: '#[test]',
  python: 'def test_more():',
  java: '    @Test',
  typescript: "  it('does more', () => {})"
}

describe('tells: clean and seeded PRs look alike without reading the code', () => {
  it('holds for the fixture set, figure by figure', () => {
    const figures = tellFigures(fixtures)
    expect(figures.map(f => f.figure)).toEqual([
      'explainsInBody',
      'commentLines',
      'explainsInComments',
      'testsAdded',
      'changedLines',
      'filesChanged'
    ])
    expect(tellProblems(figures)).toEqual([])
  })

  it('counts what a PR adds: tests per language, comments that explain, the body', () => {
    const base = { 'src/a.rs': 'fn a() {}\n' }
    const fixture: Fixture = {
      id: 'x',
      language: 'rust',
      title: 't',
      body: 'Adds b. It clones the list because the caller keeps it.',
      holdout: false,
      clean: true,
      base,
      head: {
        'src/a.rs': 'fn a() {}\n// b is safe to call twice\nfn b() {}\n',
        'tests/b.rs': '#[test]\nfn one() {}\n#[test]\nfn two() {}\n'
      },
      deleted: [],
      golden: []
    }
    expect(prFigures(fixture)).toMatchObject({
      explainsInBody: 1,
      commentLines: 1,
      explainsInComments: 1,
      testsAdded: 2,
      changedLines: 6,
      filesChanged: 2
    })
  })

  it('fails when clean PRs come better tested and explained than seeded ones', () => {
    const tested = fixtures.map(f =>
      f.clean
        ? {
            ...f,
            body: `${f.body} This is safe because nothing else writes it.`,
            head: { ...f.head, 'extra.test': `${TEST_LINE[f.language]}\n`.repeat(2) }
          }
        : f
    )
    const problems = tellProblems(tellFigures(tested)).join('\n')
    expect(problems).toMatch(
      /clean PRs average 1\.00 explainsInBody against 0\.\d+ for seeded ones \(margin ±0\.2\)/
    )
    expect(problems).toMatch(/testsAdded/)
  })
})
