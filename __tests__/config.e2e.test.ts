/**
 * The repository's configuration through the bundled action: `.github/redline.yml` and an instructions file
 * on the base branch, a pull request that also changes the file, the labels, and broken files.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { block, reply } from '../testing/messages-server.js'
import type { RunResult } from '../testing/runner.js'
import {
  createActionWorld,
  errorLines,
  firstUserText,
  postedReviews,
  pullRequestPayload,
  runOn,
  type ActionWorld
} from './support/action-world.js'

jest.setTimeout(120_000)

const CONFIG = [
  '# yaml-language-server: $schema=../redline.schema.json',
  'min-severity: high',
  'language: ja',
  'paths:',
  "  include: ['docs/**/*.ts']",
  'path-instructions:',
  "  - paths: ['migrations/**']",
  '    instructions: Every migration must be reversible.',
  ''
].join('\n')

const RISKY = 'export const run = (input: string) => eval(input)'

/** The team's learned rules on the base branch: one for the legacy code the pull request changes, one not. */
const LEARNED = [
  '# Learned review rules',
  '',
  '## No null checks in legacy code',
  '<!-- redline:rule L-legacy0001 -->',
  '',
  'Do not flag a missing null check in src/legacy/: every caller validates its input first.',
  '',
  '**Applies to:** `src/legacy/**`',
  '',
  '## Reversible scripts',
  '',
  'Flag a deploy script without a rollback step.',
  '',
  '**Applies to:** `deploy/**`',
  ''
].join('\n')
const LEGACY_RULE = 'Do not flag a missing null check in src/legacy/: every caller validates its input first.'

const MEDIUM = {
  severity: 'medium',
  category: 'security',
  file: 'src/app.ts',
  start_line: 2,
  end_line: 2,
  quote: RISKY,
  title: 'eval of caller input',
  description: 'Any string given to run becomes code.'
}

/** One review: a medium finding, then publish. */
function scriptReview(world: ActionWorld): void {
  world.messages.push(
    reply.toolUse('add_finding', MEDIUM),
    reply.blocks([block.toolUse('publish_review', { summary: 'eval of input.' })])
  )
}

function withLabels(world: ActionWorld, action: string, labels: string[], label?: string): object {
  const payload = pullRequestPayload(world.fixture, action) as { pull_request: object }
  return {
    ...payload,
    ...(label ? { label: { name: label } } : {}),
    pull_request: { ...payload.pull_request, labels: labels.map(name => ({ name })) }
  }
}

describe('a configuration file on the base branch', () => {
  let w: ActionWorld
  let skipped: RunResult
  let dryRun: RunResult
  let reviewed: RunResult
  let dryRunRequests: number
  let afterSkip: number
  let firstMessage: string

  beforeAll(async () => {
    w = await createActionWorld({
      base: {
        '.github/redline.yml': CONFIG,
        '.github/redline/learned.md': LEARNED,
        '.github/instructions/sql.instructions.md':
          '---\napplyTo: "migrations/**/*.sql"\n---\nName every index.\n',
        'src/app.ts': 'export const a = 1\n'
      },
      commits: [
        {
          files: {
            // Changed on the head only: it has no effect on this review.
            '.github/redline.yml': 'min-severity: low\n',
            'src/app.ts': `export const a = 1\n${RISKY}\n`,
            'src/legacy/a.ts': 'export const legacy = (x: { id: string }) => x.id\n',
            'src/docs/handler.ts': 'export const handle = () => 1\n',
            'tools/build/compile.go': 'package build\n',
            'docs/guide.md': '# Guide\n',
            'docs/example.ts': 'export const example = 2\n',
            'migrations/002_add.sql': 'ALTER TABLE t ADD COLUMN c int;\n'
          }
        }
      ]
    })
    // The skip label: nothing to do, and no model call.
    skipped = await runOn(w, { payload: withLabels(w, 'synchronize', ['redline:skip']) })
    afterSkip = w.messages.requests.length
    // The workflow's min-severity beats the file's, shown on a dry run.
    scriptReview(w)
    dryRun = await runOn(w, { inputs: { 'min-severity': 'low', 'dry-run': 'true' } })
    dryRunRequests = w.messages.requests.length
    // The review label asks for a review, under the file's settings.
    scriptReview(w)
    reviewed = await runOn(w, {
      payload: withLabels(w, 'labeled', ['redline:review'], 'redline:review')
    })
    firstMessage = firstUserText(w.messages.requests[dryRunRequests]!)
  })

  afterAll(async () => {
    await w?.close()
  })

  it('skips a pull request with the skip label: a notice, no model call, exit 0', () => {
    expect(skipped.exitCode).toBe(0)
    expect(skipped.annotations).toContainEqual(
      expect.objectContaining({ level: 'notice', message: expect.stringContaining('redline:skip') })
    )
    expect(afterSkip).toBe(0)
    expect(postedReviews(w)).toHaveLength(1)
  })

  it("takes the workflow's min-severity over the file's", () => {
    expect(dryRun.exitCode).toBe(0)
    expect(dryRun.summary).toMatch(/\| open \| \S+ Medium \|[^\n]*\| inline \(dry run\) \|/)
    expect(dryRun.summary).toMatch(/\| `min-severity` \| low \| workflow \|/)
  })

  it("reviews on the review label under the base's file, not the head's, and says so", () => {
    expect(reviewed.exitCode).toBe(0)
    expect(w.messages.remaining()).toBe(0)
    const posts = postedReviews(w)
    expect(posts).toHaveLength(1)
    const [post] = posts
    // min-severity: high from the base's file; the head's `low` has no effect.
    expect(post!.comments).toEqual([])
    expect(post!.body).toContain('eval of caller input')
    expect(post!.body).toContain(
      "This pull request changes Redline's configuration (.github/redline.yml): it was reviewed with the base " +
        "branch's, and the change takes effect after merge."
    )
    expect(reviewed.summary).toMatch(/\| `min-severity` \| high \| `\.github\/redline\.yml` \|/)
    expect(reviewed.summary).toMatch(/\| `max-comments` \| 4 \| default \|/)
  })

  it('reviews code in folders named docs or build, skips documentation, and takes back what include names', () => {
    const inventory = /<untrusted-data[^>]*file-inventory[^>]*>([\s\S]*?)<\/untrusted-data>/.exec(
      firstMessage
    )?.[1]
    expect(inventory).toBeDefined()
    const line = (path: string) => inventory!.split('\n').find(l => l.includes(path)) ?? ''
    for (const path of ['src/docs/handler.ts', 'tools/build/compile.go', 'docs/example.ts', 'src/app.ts'])
      expect(`${path}: ${line(path)}`).not.toMatch(/skipped|documentation|generated/)
    expect(line('docs/guide.md')).toMatch(/documentation/)
  })

  it('gives each path rule with the changed files it covers, and asks for the prose in Japanese', () => {
    expect(firstMessage).toMatch(
      /Rule from \.github\/redline\.yml for migrations\/\*\*:\n[\s\S]*Every migration must be reversible\.[\s\S]*It covers these changed files:\n- migrations\/002_add\.sql/
    )
    expect(firstMessage).toMatch(
      /Rule from \.github\/instructions\/sql\.instructions\.md for migrations\/\*\*\/\*\.sql:\n[\s\S]*Name every index\./
    )
    expect(firstMessage).toContain('write your prose in Japanese (ja)')
    // Redline's own text stays as it is.
    const [post] = postedReviews(w)
    expect(post!.body).toMatch(/^\*\*Redline review\*\* of /)
    expect(post!.body).toContain('#### Coverage')
  })

  it("gives the team's learned rule that covers a changed file, from the base, and counts it in the job summary", () => {
    expect(firstMessage).toContain("The team's learned preferences follow:")
    expect(firstMessage).toContain(
      `<untrusted-data source="learned-rule:L-legacy0001">\nNo null checks in legacy code\n` +
        `Applies to: src/legacy/**\n\n${LEGACY_RULE}\n</untrusted-data>\n` +
        'It covers these changed files:\n- src/legacy/a.ts'
    )
    expect(firstMessage).not.toContain('Reversible scripts')
    expect(reviewed.summary).toContain(
      '**Learned rules:** 1 of 2 cover the changed files (`.github/redline/learned.md` on the base branch).'
    )
  })
})

describe('a learned rules file on the head only', () => {
  let w: ActionWorld
  let result: RunResult

  beforeAll(async () => {
    w = await createActionWorld({
      base: { 'src/legacy/a.ts': 'export const legacy = 1\n' },
      commits: [
        {
          files: {
            '.github/redline/learned.md': LEARNED,
            'src/legacy/a.ts': 'export const legacy = (x: { id: string }) => x.id\n'
          }
        }
      ]
    })
    w.messages.push(reply.toolUse('publish_review', { summary: 'Nothing to flag.' }))
    result = await runOn(w)
  })

  afterAll(async () => {
    await w?.close()
  })

  it('has no effect: no learned section, no count, and the review says it takes effect after merge', () => {
    expect(result.exitCode).toBe(0)
    expect(w.messages.remaining()).toBe(0)
    const first = firstUserText(w.messages.requests[0]!)
    expect(first).toContain('src/legacy/a.ts')
    expect(first).not.toContain('learned preferences')
    expect(first).not.toContain('learned-rule:')
    expect(result.summary).not.toContain('Learned rules')
    expect(postedReviews(w)[0]!.body).toContain(
      "This pull request changes Redline's configuration (.github/redline/learned.md)"
    )
  })
})

describe('a broken configuration file', () => {
  const worlds: ActionWorld[] = []

  afterAll(async () => {
    for (const world of worlds) await world.close()
  })

  async function runWith(config: string): Promise<{ world: ActionWorld; result: RunResult }> {
    const world = await createActionWorld({
      base: { '.github/redline.yml': config, 'src/a.ts': 'export const a = 1\n' },
      commits: [{ files: { 'src/a.ts': 'export const a = 2\n' } }]
    })
    worlds.push(world)
    return { world, result: await runOn(world) }
  }

  it('fails the step with one line naming the file, the key and what is allowed, and posts nothing', async () => {
    const [bad, typo] = await Promise.all([
      runWith('budget: fast\nmin-severity: extreme\n'),
      runWith('min_severty: high\n')
    ])
    expect(bad.result.exitCode).toBe(1)
    expect(errorLines(bad.result)).toEqual([
      "Invalid .github/redline.yml: min-severity (line 2) is 'extreme'; expected one of informational, low, " +
        'medium, high, critical.'
    ])
    expect(errorLines(typo.result)).toEqual([
      expect.stringMatching(
        /^Invalid \.github\/redline\.yml: min_severty \(line 1\) is not a known key; did you mean min-severity\?/
      )
    ])
    for (const { world } of [bad, typo]) {
      expect(world.messages.requests).toHaveLength(0)
      expect(world.github.requests.filter(r => r.method !== 'GET')).toEqual([])
    }
  })
})
