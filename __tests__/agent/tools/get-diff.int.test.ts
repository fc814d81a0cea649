import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createRepoWorld, type RepoWorld } from './support/repo-world.js'

let world: RepoWorld
beforeAll(async () => {
  world = await createRepoWorld()
})
afterAll(() => world.cleanup())
const call: RepoWorld['call'] = (name, input) => world.call(name, input)

describe('get_diff', () => {
  it("returns one file's whole diff", async () => {
    const result = await call('get_diff', { path: 'src/app.ts' })
    expect(result.isError).toBe(false)
    expect(result.content).toContain('=== src/app.ts (modified')
    expect(result.content).toContain('- (old 1) export const version = 1')
    const missing = await call('get_diff', { path: 'lib/util.ts' })
    expect(missing).toEqual({
      isError: true,
      content: 'lib/util.ts is not one of the files this pull request changes.'
    })
  })
})
