/**
 * Organisation defaults through the bundled action: the organisation's `.github/redline.yml` and learned rules,
 * read at its repository's default branch, beneath the repository's own file and the workflow's inputs; and
 * each way that repository can be unreadable, which leaves the review to run under the repository's settings.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { block, reply } from '../testing/messages-server.js'
import type { RunResult } from '../testing/runner.js'
import { createActionWorld, firstUserText, runOn, type ActionWorld } from './support/action-world.js'

jest.setTimeout(120_000)

const ORG_TOKEN = 'ghs_orgtoken'
const CHECK_MARK = join(tmpdir(), `redline-org-check-${process.pid}`)

const REPOSITORY_FILE = [
  'min-severity: high',
  'instructions: REPO-INSTRUCTIONS keep handlers small.',
  'skip-authors: [repo-bot]',
  'paths:',
  "  exclude: ['generated/**']",
  'path-instructions:',
  "  - paths: ['src/**']",
  '    instructions: REPO-RULE for the sources.',
  ''
].join('\n')

const ORGANISATION_FILE = [
  'min-severity: low # the repository says high',
  'max-comments: 2',
  'walkthrough: expanded # the workflow says off',
  'instructions: ORG-INSTRUCTIONS name every public function.',
  'skip-authors: [org-bot]',
  'paths:',
  "  exclude: ['orgskip/**']",
  'path-instructions:',
  "  - paths: ['src/**']",
  '    instructions: ORG-RULE for the sources.',
  'checks:',
  '  - name: org-lint',
  `    run: touch ${CHECK_MARK}`,
  '    format: sarif',
  '    output: out.sarif',
  '    timeout: 1',
  'review-style: terse # a key of a newer Redline',
  ''
].join('\n')

const learned = (title: string, text: string): string =>
  ['# Learned review rules', '', `## ${title}`, '', text, '', '**Applies to:** `src/**`', ''].join('\n')
const REPO_LEARNED = 'REPO-LEARNED: a missing null check in src/ is not a finding.'
const ORG_LEARNED = 'ORG-LEARNED: flag a swallowed error anywhere.'

/** One review with nothing to say: the cheapest run that still reviews. */
function scriptQuietReview(world: ActionWorld): void {
  world.messages.push(reply.blocks([block.toolUse('publish_review', { summary: 'Nothing to flag.' })]))
}

const orgLines = (result: RunResult) =>
  result.annotations.filter(a =>
    /organisation|acme\/(?:\.github|redline-defaults|empty|broken)/.test(a.message)
  )

describe('organisation defaults beneath the repository', () => {
  let w: ActionWorld
  let layered: RunResult
  let firstMessage: string
  const unreadable: Record<string, RunResult> = {}

  beforeAll(async () => {
    w = await createActionWorld(
      {
        base: {
          '.github/redline.yml': REPOSITORY_FILE,
          '.github/redline/learned.md': learned('Repository rule', REPO_LEARNED),
          'src/app.ts': 'export const a = 1\n'
        },
        commits: [
          {
            files: {
              'src/app.ts': 'export const a = 2\n',
              'generated/api.ts': 'export const g = 1\n',
              'orgskip/tool.ts': 'export const t = 1\n'
            }
          }
        ]
      },
      {
        server: {
          repositories: {
            'acme/redline-defaults': {
              defaultBranch: 'main',
              tokens: [ORG_TOKEN],
              private: true,
              branches: {
                main: {
                  '.github/redline.yml': ORGANISATION_FILE,
                  '.github/redline/learned.md': learned('Organisation rule', ORG_LEARNED)
                },
                // Named like the pull request's head: never read.
                feature: { '.github/redline.yml': 'instructions: HEAD-BRANCH-TEXT\nmin-severity: critical\n' }
              }
            },
            'acme/empty': { defaultBranch: 'trunk', branches: { trunk: { 'README.md': '# Defaults\n' } } },
            'acme/broken': {
              defaultBranch: 'main',
              branches: { main: { '.github/redline.yml': 'min-severity: [\n' } }
            }
          }
        }
      }
    )
    scriptQuietReview(w)
    layered = await runOn(w, {
      inputs: {
        'org-config': 'acme/redline-defaults',
        'org-token': ORG_TOKEN,
        walkthrough: 'off',
        'dry-run': 'true'
      }
    })
    firstMessage = firstUserText(w.messages.requests[0]!)
    const cases: Record<string, Record<string, string>> = {
      'no repository': {},
      'no file': { 'org-config': 'acme/empty' },
      forbidden: { 'org-config': 'acme/redline-defaults', 'org-token': ORG_TOKEN },
      malformed: { 'org-config': 'acme/broken' }
    }
    for (const [name, inputs] of Object.entries(cases)) {
      if (name === 'forbidden')
        w.github.failNext(
          { pathPattern: /^\/repos\/acme\/redline-defaults\/contents\// },
          { status: 403, body: { message: 'Resource not accessible by integration' } }
        )
      scriptQuietReview(w)
      unreadable[name] = await runOn(w, { inputs: { ...inputs, 'dry-run': 'true' } })
    }
  })

  afterAll(async () => {
    await w?.close()
  })

  it('takes each key from the right layer: inputs, then the repository, then the organisation', () => {
    expect(layered.exitCode).toBe(0)
    expect(layered.summary).toMatch(/\| `min-severity` \| high \| `\.github\/redline\.yml` \|/)
    expect(layered.summary).toMatch(/\| `max-comments` \| 2 \| organisation \|/)
    expect(layered.summary).toMatch(/\| `walkthrough` \| off \| workflow \|/)
  })

  it('adds up the list and text keys, and shows which part came from where', () => {
    expect(layered.summary).toMatch(
      /\| `skip-authors` \| org-bot, repo-bot \| organisation: org-bot \+ `\.github\/redline\.yml`: repo-bot \|/
    )
    expect(layered.summary).toMatch(
      /\| `exclude` \| orgskip\/\*\*, generated\/\*\* \| organisation: orgskip\/\*\* \+ `\.github\/redline\.yml`: generated\/\*\* \|/
    )
    expect(layered.summary).toMatch(
      /\| `path-instructions` \| 2 rules \| organisation: 1 rule \+ `\.github\/redline\.yml`: 1 rule \|/
    )
    const org = firstMessage.indexOf('ORG-INSTRUCTIONS')
    const repo = firstMessage.indexOf('REPO-INSTRUCTIONS')
    expect(org).toBeGreaterThan(-1)
    expect(repo).toBeGreaterThan(org)
    expect(firstMessage).toContain('ORG-RULE for the sources.')
    expect(firstMessage).toContain('REPO-RULE for the sources.')
    const inventory = /<untrusted-data[^>]*file-inventory[^>]*>([\s\S]*?)<\/untrusted-data>/.exec(
      firstMessage
    )?.[1]
    const line = (path: string) => inventory?.split('\n').find(l => l.includes(path)) ?? ''
    expect(line('orgskip/tool.ts')).toMatch(/skipped|excluded/)
    expect(line('generated/api.ts')).toMatch(/skipped|excluded/)
    expect(line('src/app.ts')).not.toMatch(/skipped|excluded/)
  })

  it("gives the organisation's learned rules after the repository's own", () => {
    const repo = firstMessage.indexOf(REPO_LEARNED)
    const org = firstMessage.indexOf(ORG_LEARNED)
    expect(repo).toBeGreaterThan(-1)
    expect(org).toBeGreaterThan(repo)
  })

  it('warns of checks and of an unknown key in the organisation file, runs no check, and applies the rest', () => {
    const warnings = layered.annotations.filter(a => a.level === 'warning').map(a => a.message)
    expect(warnings).toContainEqual(
      expect.stringMatching(/acme\/redline-defaults:\.github\/redline\.yml: checks is the repository's own/)
    )
    expect(warnings).toContainEqual(
      expect.stringMatching(
        /acme\/redline-defaults:\.github\/redline\.yml: review-style \(line \d+\) is not a known key/
      )
    )
    expect(existsSync(CHECK_MARK)).toBe(false)
    expect(layered.summary).not.toContain('org-lint')
  })

  it('reads the named repository with org-token, at its default branch only', () => {
    const reads = w.github.requests.filter(r => r.path.startsWith('/repos/acme/redline-defaults'))
    expect(reads.length).toBeGreaterThan(0)
    for (const read of reads) expect(String(read.headers.authorization)).toContain(ORG_TOKEN)
    const contents = reads.filter(r => r.path.includes('/contents/'))
    expect(contents.map(r => r.query['ref'])).toEqual(contents.map(() => 'main'))
    expect(firstMessage).not.toContain('HEAD-BRANCH-TEXT')
  })

  it.each([
    ['no repository', 'notice', /No organisation defaults: acme\/\.github was not found/],
    [
      'no file',
      'notice',
      /No organisation defaults: acme\/empty:\.github\/redline\.yml is not on acme\/empty's default branch \(trunk\)/
    ],
    ['forbidden', 'warning', /Could not read acme\/redline-defaults:\.github\/redline\.yml \(HTTP 403\)/],
    [
      'malformed',
      'warning',
      /Invalid acme\/broken:\.github\/redline\.yml: line \d+: .*The organisation's settings are not used\./
    ]
  ])('%s: one %s, and the review runs under the repository settings', (name, level, line) => {
    const result = unreadable[name]!
    expect(result.exitCode).toBe(0)
    expect(orgLines(result).map(a => `${a.level}: ${a.message}`)).toEqual([
      expect.stringMatching(new RegExp(`^${level}: ${line.source}`))
    ])
    expect(result.summary).toMatch(/\| `min-severity` \| high \| `\.github\/redline\.yml` \|/)
    expect(result.summary).toMatch(/\| `max-comments` \| 4 \| default \|/)
    expect(result.summary).toContain('Nothing to flag.')
  })
})
