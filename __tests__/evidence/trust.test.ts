import { describe, expect, it } from '@jest/globals'
import { checksTrustForAuthors, resolveChecksTrust } from '../../src/evidence/trust.js'

const writers = new Set(['pat', 'morgan'])
const hasWriteAccess = async (login: string): Promise<boolean> => writers.has(login)

function judge(authors: Array<{ login: string | null; type?: string }>, complete = true) {
  return checksTrustForAuthors({
    authors: authors.map((author, i) => ({ sha: `${i}`.repeat(40), ...author })),
    complete,
    hasWriteAccess
  })
}

describe('who wrote the head decides whether its checks run', () => {
  it('runs them when every author is a person with write permission', async () => {
    await expect(judge([{ login: 'pat', type: 'User' }, { login: 'morgan' }])).resolves.toEqual({ run: true })
  })

  it("runs none when any commit is a bot's, by type or by a [bot] login", async () => {
    const dependabot = await judge([{ login: 'pat' }, { login: 'dependabot[bot]', type: 'Bot' }])
    expect(dependabot).toEqual({
      run: false,
      reason: 'commit 1111111 was authored by a bot (dependabot[bot]), whose code is not run'
    })
    // A bot with write permission is still a bot.
    writers.add('renovate[bot]')
    expect((await judge([{ login: 'renovate[bot]', type: 'User' }])).run).toBe(false)
    expect((await judge([{ login: 'helper', type: 'Bot' }])).run).toBe(false)
  })

  it('runs none for an author without write permission, or without a GitHub account', async () => {
    expect(await judge([{ login: 'pat' }, { login: 'eve' }])).toEqual({
      run: false,
      reason: 'eve, who authored commits of this head, has no write permission, so their code is not run'
    })
    expect(await judge([{ login: 'pat' }, { login: null }])).toEqual({
      run: false,
      reason:
        'commit 1111111 has an author with no GitHub account, so whether they may run code here is unknown'
    })
  })

  it('runs none when GitHub does not list every commit, or cannot be asked', async () => {
    expect((await judge([{ login: 'pat' }], false)).run).toBe(false)
    const failed = await resolveChecksTrust(async () => {
      throw new Error('GitHub answered 502')
    })
    expect(failed).toEqual({
      run: false,
      reason: "who wrote the head's commits could not be checked (GitHub answered 502)"
    })
  })
})
