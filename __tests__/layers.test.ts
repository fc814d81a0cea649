import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap(entry => {
    const path = `${dir}/${entry.name}`
    return entry.isDirectory() ? sources(path) : entry.name.endsWith('.ts') ? [path] : []
  })
}

/** Every relative import of a source file, as a path from the repository root. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8')
  return [...text.matchAll(/(?:from\s+|import\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map(match =>
    relative(ROOT, normalize(join(ROOT, dirname(file), match[1] as string)))
  )
}

describe('the layers of src/', () => {
  it('lower floors (findings, diff, git, github, text) never import the agent or the review', () => {
    const offending = ['src/findings', 'src/diff', 'src/git', 'src/github', 'src/text'].flatMap(dir =>
      sources(dir).flatMap(file =>
        importsOf(file)
          .filter(target => target.startsWith('src/agent/') || target.startsWith('src/review/'))
          .map(target => `${file} -> ${target}`)
      )
    )
    expect(offending).toEqual([])
  })

  it('product code never imports the stand-ins or the tests', () => {
    const offending = sources('src').flatMap(file =>
      importsOf(file)
        .filter(target => target.startsWith('testing/') || target.startsWith('__tests__/'))
        .map(target => `${file} -> ${target}`)
    )
    expect(offending).toEqual([])
  })
})
