/**
 * The links of README.md and docs/: every relative link names a file that exists and every anchor a heading of
 * its page, as GitHub slugs headings. Each docs page opens with what it answers and stays under 400 lines.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { anchorsOf, brokenLinks, githubSlug, linksOf } from '../scripts/docs-links.js'

const ROOT = resolve(import.meta.dirname, '..')
const DOCS = join(ROOT, 'docs')
const pages = readdirSync(DOCS)
  .filter(name => name.endsWith('.md'))
  .map(name => join(DOCS, name))

describe('the links of README.md and docs/', () => {
  it('all resolve, anchors included', () => {
    expect(brokenLinks([join(ROOT, 'README.md'), ...pages], ROOT)).toEqual([])
  })

  it('reach every docs page from the README', () => {
    const linked = new Set(linksOf(readFileSync(join(ROOT, 'README.md'), 'utf8')).map(link => link.target))
    const unlinked = pages
      .map(page => `docs/${page.slice(DOCS.length + 1)}`)
      .filter(page => !linked.has(page))
    expect(unlinked).toEqual([])
  })

  it('leave the README a map: at most 250 lines, the two commands in its opening lines', () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n')
    expect(lines.length).toBeLessThanOrEqual(251)
    const opening = lines.slice(0, 10).join('\n')
    expect(opening).toContain('npm ci && npm run demo')
    expect(opening).toContain('npm ci && npm test')
  })

  it.each(pages.map(page => [page.slice(ROOT.length + 1), page]))(
    '%s opens with a title and what it answers, in at most 400 lines',
    (_name, page) => {
      const lines = readFileSync(page, 'utf8').split('\n')
      expect(lines[0]).toMatch(/^# \S/)
      expect(lines[1]).toBe('')
      expect(lines[2]).toMatch(/^[A-Z`].*\S/)
      expect(lines.length).toBeLessThanOrEqual(401)
    }
  )
})

describe('the link check', () => {
  let dir = ''
  const write = (files: Record<string, string>): string[] => {
    dir = mkdtempSync(join(tmpdir(), 'redline-links-'))
    mkdirSync(join(dir, 'docs'))
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
    return Object.keys(files)
      .filter(name => name.endsWith('.md'))
      .map(name => join(dir, name))
  }
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('fails on a link to a missing page and on an anchor no heading makes', () => {
    const files = write({
      'README.md':
        '# Top\n\nSee [setup](docs/setup.md#the-workflow), [gone](docs/gone.md) and [here](#nowhere).\n',
      'docs/setup.md': '# Setup\n\n## The workflows\n\nBack to [the top](../README.md#top).\n'
    })
    expect(brokenLinks(files, dir)).toEqual([
      { file: 'README.md', line: 3, target: 'docs/setup.md#the-workflow', problem: 'no such anchor' },
      { file: 'README.md', line: 3, target: 'docs/gone.md', problem: 'no such file' },
      { file: 'README.md', line: 3, target: '#nowhere', problem: 'no such anchor' }
    ])
  })

  it('passes links that resolve, and ignores links in code and absolute URLs', () => {
    const files = write({
      'README.md':
        '# Is it worth it?\n\n[a](#is-it-worth-it) [b](docs/) [c](https://example.com/x#y) `[d](nope.md)`\n\n' +
        '```md\n[e](nope.md)\n```\n\n[f]: docs/a.md#a-b\n',
      'docs/a.md': '# A\n\n## A `b`\n'
    })
    expect(brokenLinks(files, dir)).toEqual([])
  })
})

describe('GitHub heading anchors', () => {
  it.each([
    ['Is it worth it?', 'is-it-worth-it'],
    ['Claude on Amazon Bedrock or Google Vertex AI', 'claude-on-amazon-bedrock-or-google-vertex-ai'],
    ['`redline config` and `--org`', 'redline-config-and---org'],
    ['What leaves the runner: the [list](x.md)', 'what-leaves-the-runner-the-list'],
    ['Setup & permissions', 'setup--permissions'],
    ['snake_case and Ünïcode 1.2', 'snake_case-and-ünïcode-12']
  ])('%s is #%s', (heading, slug) => {
    expect(githubSlug(heading)).toBe(slug)
  })

  it('numbers a repeated heading, skips headings in code and keeps HTML anchors', () => {
    const text = '# Notes\n\n## Notes\n\n```\n# Notes\n```\n\n### Notes #\n\n<a name="kept"></a>\n'
    expect([...anchorsOf(text)].sort()).toEqual(['kept', 'notes', 'notes-1', 'notes-2'])
  })
})
