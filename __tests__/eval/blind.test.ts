import { describe, expect, it, jest } from '@jest/globals'
import { findLeaks, fixtureLeaks, leakTerms, productWords, requestLeaks } from '../../eval/blind.js'
import { loadFixtures } from '../../eval/fixtures.js'
import type { Fixture } from '../../eval/model.js'
import { buildPr } from '../../eval/pr.js'
import { git } from '../../testing/pr-fixture.js'

jest.setTimeout(120_000)

const fixtures = await loadFixtures()

/** One seeded fixture of the set, so the planted leaks below are tested against real material. */
function seeded(): Fixture {
  const found = fixtures.find(f => !f.clean && leakTerms(f).length > 1 + f.golden.length)
  if (!found) throw new Error('no seeded fixture with a distinctive defect word')
  return found
}

function distinctiveWord(fixture: Fixture): string {
  const names = new Set([fixture.id, ...fixture.golden.map(d => d.id.slice(d.id.indexOf('/') + 1))])
  return leakTerms(fixture).find(t => !names.has(t)) as string
}

describe('the blind check', () => {
  it('finds nothing in any fixture: titles, bodies, commit messages, paths and files', () => {
    expect(fixtures.flatMap(fixtureLeaks)).toEqual([])
  })

  it('builds every fixture as the same neutral repository, whose refs, commits and paths name nothing', () => {
    for (const fixture of fixtures) {
      const repo = buildPr(fixture)
      try {
        const pr = repo.fixture
        expect(`${pr.owner}/${pr.repo}`).toBe('acme/shop')
        const seen = [
          git(pr.originDir, ['for-each-ref', '--format=%(refname)']),
          git(pr.originDir, ['log', '--all', '--format=%B']),
          git(pr.originDir, ['ls-tree', '-r', '--name-only', pr.headSha])
        ].join('\n')
        const terms = leakTerms(fixture)
        expect(findLeaks(fixture.id, seen, terms)).toEqual([])
        // the check itself sees the repository: the id planted in a ref would be found
        expect(findLeaks(fixture.id, `${seen}\nrefs/heads/${fixture.id}`, terms)).not.toEqual([])
      } finally {
        repo.cleanup()
      }
    }
  })

  it('catches the fixture id as the repository name, a golden name in the title and a defect word in a comment', () => {
    const fixture = seeded()
    const word = distinctiveWord(fixture)
    const golden = fixture.golden[0]!.id.split('/')[1]!
    const request = (text: string) => ({
      system: 'You review code.',
      messages: [{ role: 'user', content: text }]
    })
    expect(requestLeaks(fixture, 'probe', [request('Review pull request #1 of acme/shop.')])).toEqual([])
    const leaks = requestLeaks(fixture, 'probe', [
      request(`Review pull request #1 of acme/${fixture.id} (feature into main).`),
      request(`<untrusted-data source="pr-title">Fix ${golden}</untrusted-data>`),
      { messages: [{ role: 'user', content: [{ type: 'text', text: `+  // careful: ${word} here` }] }] }
    ])
    const found = leaks.map(l => `${l.where}: ${l.term}`)
    expect(found).toContain(`${fixture.id} (probe) request 1: ${fixture.id}`)
    expect(found).toContain(`${fixture.id} (probe) request 2: ${golden}`)
    expect(found).toContain(`${fixture.id} (probe) request 3: ${word}`)
    const planted: Fixture = {
      ...fixture,
      title: `${fixture.title} (${word})`,
      head: { ...fixture.head, [`docs/${golden}.md`]: 'notes\n' }
    }
    expect(fixtureLeaks(planted).map(l => l.term)).toEqual(expect.arrayContaining([word, golden]))
  })

  it('reads tool results but not the model’s own findings echoed back, nor words every request carries', () => {
    const fixture = seeded()
    const word = distinctiveWord(fixture)
    const body = {
      messages: [
        { role: 'user', content: 'Review pull request #1 of acme/shop.' },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 't1', name: 'add_finding', input: { title: word } },
            { type: 'tool_use', id: 't2', name: 'read_file', input: { path: 'a' } }
          ]
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 't1', content: `Recorded: ${word}` },
            { type: 'tool_result', tool_use_id: 't2', content: `const x = 1 // ${word}` }
          ]
        }
      ]
    }
    expect(requestLeaks(fixture, 'probe', [body]).map(l => l.term)).toEqual([word])
    // the product's own instructions carry the word for every fixture: it tells nothing apart
    const product = productWords([
      `Reads are refused on the ${word} turn.`,
      `Reads are refused on the ${word} turn!`
    ])
    expect(product.has(word)).toBe(true)
    expect(leakTerms(fixture, product)).not.toContain(word)
    // the system prompt is the product's, and is only searched for the fixture's names
    expect(requestLeaks(fixture, 'probe', [{ system: `Look for ${word}.`, messages: [] }])).toEqual([])
    expect(
      requestLeaks(fixture, 'probe', [{ system: `Repository acme/${fixture.id}.`, messages: [] }]).map(
        l => l.term
      )
    ).toEqual([fixture.id])
  })
})
