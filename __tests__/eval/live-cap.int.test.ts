import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { costOf, priceFor } from '../../src/agent/pricing.js'
import type { Report } from '../../eval/report.js'
import { runEvalCli } from './support/eval-cli.js'
import { startMessagesServer, type MessagesServer } from '../../testing/messages-server.js'

jest.setTimeout(120_000)

const API_KEY = 'sk-ant-cap-test'
// Priced as Haiku 5.5 by the action's table: cheap enough that a fast-budget job's worst case is well
// under a dollar, so the caps below are about the worst-case rule and not about the table.
const MODEL = 'claude-haiku-5-5'
const FIXTURE = 'ts-request-logging'
/**
 * What the scripted reviewer reports for its one answer: more than the cap by itself, in cache reads, which
 * the action's own token budget does not count, so the action goes on and only the cap can stop it.
 */
const HEAVY = { input_tokens: 10, output_tokens: 10, cache_read_input_tokens: 60_000_000 }

const runCli = runEvalCli

const base = [
  '--live',
  '--fixtures',
  FIXTURE,
  '--model',
  MODEL,
  '--judge-model',
  MODEL,
  '--arm',
  'cheap=budget:fast'
]

describe('the hard spending cap, against the Messages stand-in', () => {
  let messages: MessagesServer
  let out: string

  beforeAll(async () => {
    messages = await startMessagesServer({ apiKey: API_KEY })
    messages.push(
      ...Array.from({ length: 10 }, () => ({
        content: [{ type: 'text' as const, text: 'Still reading.' }],
        stop_reason: 'end_turn' as const,
        usage: HEAVY
      }))
    )
    out = await mkdtemp(path.join(tmpdir(), 'redline-eval-cap-'))
  })

  afterAll(async () => {
    await messages.close()
    await rm(out, { recursive: true, force: true })
  })

  it('starts nothing when the worst case of a job crosses the cap', async () => {
    const result = await runCli([...base, '--max-cost', '0.05', '--out', out], {
      ANTHROPIC_API_KEY: API_KEY,
      ANTHROPIC_BASE_URL: messages.url
    })
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/worst case of a single job \(\$0\.\d\d\) is above --max-cost \(\$0\.05\)/)
    expect(messages.requests).toHaveLength(0)
  })

  it('stops a run that crosses the cap mid-way, starts no other, and reports at most the cap plus one request', async () => {
    const cap = 0.5
    const result = await runCli(
      [...base, '--runs', '3', '--concurrency', '1', '--max-cost', String(cap), '--out', out],
      { ANTHROPIC_API_KEY: API_KEY, ANTHROPIC_BASE_URL: messages.url }
    )
    expect(result.stderr).toBe('')
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(/the cap was reached and the runs in flight were stopped/)
    expect(result.stdout).toMatch(/2 jobs were skipped; the run is incomplete/)
    expect(result.stdout).toMatch(/`cheap` ts-request-logging run 3: --max-cost \(\$0\.50\) was reached/)
    // The one answer that crossed the cap reached the stand-in; the run's next request was refused.
    expect(messages.requests).toHaveLength(1)
    expect(result.stdout).toMatch(/cheap ts-request-logging run 1: .*stopped: --max-cost was reached/)
    const json = (await readdir(out)).find(f => f.endsWith('.json'))!
    const report = JSON.parse(await readFile(path.join(out, json), 'utf8')) as Report
    const oneRequest = costOf(HEAVY, priceFor(MODEL))
    expect(report.meta.spentUsd).toBeGreaterThan(cap)
    expect(report.meta.spentUsd).toBeLessThanOrEqual(cap + oneRequest)
    expect(report.meta).toMatchObject({ skippedRuns: 2, capReached: true, maxCostUsd: cap })
    expect(report.arms[0]!.all.errors).toBe(1)
  })
})
