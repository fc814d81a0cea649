import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { loadFixtures } from '../../eval/fixtures.js'
import { BASELINE_SYSTEM } from '../../eval/baseline.js'
import { JUDGE_SYSTEM, overlap } from '../../eval/judge.js'
import type { Fixture } from '../../eval/model.js'
import type { Report } from '../../eval/report.js'
import { findingFor, NOISE_DESCRIPTION, NOISE_TITLE } from '../../eval/scripted-models.js'
import {
  startMessagesServer,
  type MessagesServer,
  type RecordedMessagesRequest,
  type Step
} from '../../testing/messages-server.js'

jest.setTimeout(240_000)

const ROOT = path.resolve(import.meta.dirname, '../..')
const API_KEY = 'sk-ant-live-test'
const SEEDED = 'ts-order-history'
const CLEAN = 'ts-request-logging'

function firstUserText(request: RecordedMessagesRequest): string {
  return JSON.stringify(request.body.messages?.[0]?.content ?? '')
}

function lines(fixture: Fixture) {
  return (file: string) => (fixture.head[file] ?? fixture.base[file])?.replace(/\n$/, '').split('\n')
}

/**
 * One endpoint plays both models: the judge (told apart by its system prompt) and a reviewer that
 * reports the seeded defect, puts one wrong medium finding on the clean fixture, and resolves on re-review.
 */
function router(fixtures: Fixture[]): Step {
  return request => {
    const body = request.body
    const messages = body.messages ?? []
    if (body.system === BASELINE_SYSTEM) {
      // The baseline sees the diff alone: it names the seeded defect, and nothing on the clean PR.
      const diff = String(messages[0]?.content)
      const fixture = fixtures.find(f => Object.keys(f.head).every(file => diff.includes(file)))
      const findings = (fixture?.golden ?? []).map(d => ({
        file: d.file,
        start_line: d.lines[0],
        end_line: d.lines[1],
        severity: d.severity,
        category: d.category,
        title: 'Found from the diff',
        description: d.description
      }))
      return { content: [{ type: 'text', text: JSON.stringify({ findings }) }], stop_reason: 'end_turn' }
    }
    if (body.system === JUDGE_SYSTEM) {
      const text = String(messages[0]?.content)
      const known = JSON.parse(
        text.slice(text.indexOf('['), text.indexOf('\n\nReviewer comment:'))
      ) as Array<{
        number: number
        file: string
        description: string
      }>
      const comment = JSON.parse(text.slice(text.indexOf('{', text.indexOf('Reviewer comment:')))) as {
        file: string
        title: string
        description: string
      }
      const same = known
        .filter(
          d =>
            d.file === comment.file && overlap(`${comment.title} ${comment.description}`, d.description) > 0.6
        )
        .map(d => d.number)
      return {
        content: [
          { type: 'text', text: `Verdict:\n${JSON.stringify({ same_issue: same, reason: 'compared' })}` }
        ],
        stop_reason: 'end_turn'
      }
    }
    if (messages.length > 1) {
      return {
        content: [{ type: 'tool_use', name: 'publish_review', input: { summary: 'Reviewed.' } }],
        stop_reason: 'tool_use'
      }
    }
    const first = firstUserText(request)
    if (first.includes('Changes since the last review')) {
      const ids = [...new Set(first.match(/f_[a-z0-9]+/g) ?? [])]
      return {
        content: ids.map(id => ({
          type: 'tool_use' as const,
          name: 'update_finding',
          input: { id, status: 'resolved', note: 'fixed' }
        })),
        stop_reason: 'tool_use'
      }
    }
    const fixture = fixtures.find(f => first.includes(f.title))
    if (!fixture) throw new Error('the reviewer stand-in does not know this pull request')
    const findings =
      fixture.golden.length > 0
        ? fixture.golden.map(d => findingFor(d, lines(fixture)))
        : [
            {
              file: 'src/lib/request-log.ts',
              start_line: 1,
              end_line: 1,
              side: 'RIGHT',
              quote: lines(fixture)('src/lib/request-log.ts')?.[0],
              title: NOISE_TITLE,
              description: NOISE_DESCRIPTION,
              category: 'maintainability',
              severity: 'medium'
            }
          ]
    return {
      content: findings.map(input => ({ type: 'tool_use' as const, name: 'add_finding', input })),
      stop_reason: 'tool_use'
    }
  }
}

function runCli(
  args: string[],
  env: Record<string, string>
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['eval/cli.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('error', reject)
    child.once('close', code => resolve({ code, stdout, stderr }))
  })
}

describe('npm run eval -- --live, against the Messages stand-in', () => {
  let messages: MessagesServer
  let out: string

  beforeAll(async () => {
    const fixtures = await loadFixtures(undefined, [SEEDED, CLEAN])
    messages = await startMessagesServer({ apiKey: API_KEY })
    messages.push(...Array.from({ length: 80 }, () => router(fixtures)))
    out = await mkdtemp(path.join(tmpdir(), 'redline-eval-out-'))
  })

  afterAll(async () => {
    await messages.close()
    await rm(out, { recursive: true, force: true })
  })

  it('reviews, judges, re-reviews and writes a report whose numbers follow from the script', async () => {
    const result = await runCli(
      [
        '--live',
        '--runs',
        '2',
        '--fixtures',
        `${SEEDED},${CLEAN}`,
        '--max-cost',
        '200',
        '--out',
        out,
        '--concurrency',
        '1',
        '--arm',
        'default=',
        '--arm',
        'baseline=mode:diff-only'
      ],
      { ANTHROPIC_API_KEY: API_KEY, ANTHROPIC_BASE_URL: messages.url }
    )
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^Estimate: 2 fixtures × 2 runs × 2 arm\(s\) = 10 reviews/m)
    expect(result.stdout).toContain('Spend limit (--max-cost): $200.00.')

    const files = (await readdir(out)).sort()
    expect(files).toHaveLength(2)
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}-claude-sonnet-5-5\.json$/)
    const report = JSON.parse(await readFile(path.join(out, files[0]!), 'utf8')) as Report
    const markdown = await readFile(path.join(out, files[1]!), 'utf8')

    const all = report.arms[0]!.all
    expect(all.runs).toBe(4)
    // Two runs find the one seeded defect; two runs put one wrong medium comment on the clean fixture.
    expect(all.located).toMatchObject({ matched: 2, comments: 4, defects: 2, precision: 0.5, recall: 1 })
    expect(all.located.f1).toBeCloseTo(2 / 3)
    expect(all.meaning).toMatchObject({ matched: 2, comments: 4 })
    expect(all.cleanMediumPlus).toMatchObject({ total: 2, cleanRuns: 2, perPr: 1 })
    expect(all.commentsPerPr).toBe(1)
    expect(all.lineAccuracy).toMatchObject({ matched: 2, located: 2, rate: 1 })
    expect(all.suggestions).toMatchObject({ checked: 2, applied: 2 })
    expect(all.rereview).toMatchObject({
      fixed: 2,
      fixedFound: 2,
      resolved: 2,
      reraised: 0,
      resolveRate: 1,
      reraiseRate: 0
    })
    expect(all.costsPerPr.toolCalls).toBeGreaterThan(1)
    expect(all.costsPerPr.costUsd).toBeGreaterThan(0)
    expect(all.errors).toBe(0)
    expect(report.arms[0]!.holdout.runs).toBe(0)
    expect(report.arms[0]!.intervals.all.located.recall).toMatchObject({ estimate: 1, low: 1, high: 1 })
    expect(report.meta.spentUsd).toBeGreaterThan(report.meta.judgeUsd)

    // The judge ran at the judge model with no sampling parameter, three samples per comment on the seeded
    // fixture, and saw the code at the defect and at the comment.
    // The baseline arm: one request per run, no tools, scored the same way; no re-review.
    const baseline = report.arms[1]!.all
    expect(report.arms[1]!.name).toBe('baseline')
    expect(baseline.located).toMatchObject({ matched: 2, comments: 2, defects: 2, precision: 1, recall: 1 })
    expect(baseline.rereview.fixed).toBe(0)
    const baselineRequests = messages.requests.filter(r => r.body.system === BASELINE_SYSTEM)
    expect(baselineRequests).toHaveLength(4)
    for (const r of baselineRequests) expect(r.body).not.toHaveProperty('tools')

    const judged = messages.requests.filter(r => r.body.system === JUDGE_SYSTEM)
    expect(judged).toHaveLength(12)
    expect(String(judged[0]!.body.messages?.[0]?.content)).toContain('rows.slice(0, size - 1)')
    expect(report.meta.judge).toMatchObject({
      samples: 3,
      judged: 4,
      calls: 12,
      unreadable: 0,
      disagreements: 0
    })
    for (const r of judged) {
      expect(r.body.model).toBe('claude-opus-5-5')
      expect(r.body).not.toHaveProperty('temperature')
    }
    expect(markdown).toContain('# Redline review quality:')
    expect(markdown).toContain('| all | file ±3 lines + judge | 4 | 50.0 [')
  })
})
