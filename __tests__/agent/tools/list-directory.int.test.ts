import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createRepoWorld, type RepoWorld } from './support/repo-world.js'

let world: RepoWorld
let headSha: string
beforeAll(async () => {
  world = await createRepoWorld()
  ;({ headSha } = world)
})
afterAll(() => world.cleanup())
const call: RepoWorld['call'] = (name, input) => world.call(name, input)

describe('list_directory', () => {
  it('lists a directory at the head', async () => {
    const result = await call('list_directory', { path: '.' })
    expect(result.isError).toBe(false)
    expect(result.content).toMatch(/\nlib\/\n/)
    expect(result.content).toContain('escaping-link (symbolic link)')
    expect(result.content).not.toContain('untracked.ts')
    expect((await call('list_directory', { path: '.git' })).isError).toBe(true)
  })

  it('lists the root', async () => {
    const root = await call('list_directory', { path: '' })
    expect(root.content).toContain(`. at head ${headSha.slice(0, 7)}:`)
    expect(root.content).toMatch(/\nassets\/\n/)
  })
})
