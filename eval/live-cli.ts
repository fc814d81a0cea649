/** The --live command line: estimate, spend guard, run, and the two result files. */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import * as path from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEFAULT_ENTRY } from '../testing/runner.js'
import { priceFor } from '../src/agent/pricing.js'
import {
  describeEstimate,
  estimate,
  estimateHours,
  JUDGE_CALL_SECONDS,
  JUDGE_SAMPLES,
  REVIEW_MINUTES
} from './estimate.js'
import { jobWorstUsd } from './spend.js'
import { isBaseline } from './baseline.js'
import { FIXTURES_DIR, loadFixtures } from './fixtures.js'
import { llmJudge } from './judge.js'
import {
  armModel,
  DEFAULT_API_URL,
  DEFAULT_JUDGE_MODEL,
  DEFAULT_MODEL,
  parseArm,
  runLive,
  type Arm
} from './live.js'
import { loadOutside } from './manifest.js'
import { buildReport, renderMarkdown, runHeadline } from './report.js'
import { positiveInteger } from './cli-args.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const DEFAULT_MAX_COST_USD = 100
export const DEFAULT_RUNS = 3

export interface LiveArgs {
  runs?: string
  'max-cost'?: string
  model?: string
  'judge-model'?: string
  arm?: string[]
  manifest?: string
  out?: string
  estimate?: boolean
  holdout?: boolean
  clones?: string
}

export function resultFileBase(date: Date, model: string): string {
  return `${date.toISOString().slice(0, 10)}-${model.replace(/[^A-Za-z0-9._-]+/g, '_')}`
}

export async function runLiveCli(
  args: LiveArgs,
  only: string[] | undefined,
  concurrency: number | undefined,
  env: NodeJS.ProcessEnv = process.env
): Promise<number> {
  const runs = positiveInteger(args.runs, '--runs') ?? DEFAULT_RUNS
  const maxCost = args['max-cost'] === undefined ? DEFAULT_MAX_COST_USD : Number(args['max-cost'])
  if (typeof runs === 'string') return fail(runs)
  if (!Number.isFinite(maxCost) || maxCost <= 0)
    return fail(`--max-cost must be a positive number of dollars, got '${args['max-cost']}'`)
  let arms: Arm[]
  try {
    arms = (args.arm ?? []).map(parseArm)
  } catch (error) {
    return fail((error as Error).message)
  }
  if (arms.length === 0) arms = [{ name: 'default', inputs: {} }]
  if (new Set(arms.map(a => a.name)).size !== arms.length) return fail('two --arm options have the same name')
  const model = args.model ?? DEFAULT_MODEL
  const judgeModel = args['judge-model'] ?? DEFAULT_JUDGE_MODEL
  let fixtures
  let excluded: Array<{ id: string; reason: string }> = []
  try {
    if (args.manifest) {
      const set = await loadOutside(args.manifest, args.clones, line => console.log(line))
      fixtures = only ? set.fixtures.filter(f => only.includes(f.id)) : set.fixtures
      excluded = set.excluded
      for (const e of excluded) console.log(`Left out ${e.id}: ${e.reason}.`)
    } else fixtures = await loadFixtures(FIXTURES_DIR, only)
  } catch (error) {
    return fail((error as Error).message)
  }
  // The tuning split by default; the holdout only when asked for, so that it is read once per release.
  const split = args.holdout ? 'holdout' : 'tuning'
  const outside = fixtures.filter(f => f.holdout !== (split === 'holdout'))
  if (only && only.length > 0 && outside.length > 0)
    return fail(
      `${outside.map(f => f.id).join(', ')} ${outside.length === 1 ? 'is' : 'are'} not in the ${split} split` +
        (split === 'tuning' ? ' (pass --holdout to run the holdout)' : '')
    )
  fixtures = fixtures.filter(f => f.holdout === (split === 'holdout'))
  if (fixtures.length === 0) return fail(`no fixture to run in the ${split} split`)

  const weaker = [...new Set(arms.map(a => armModel(a, model)))].filter(
    reviewer => priceFor(judgeModel).output < priceFor(reviewer).output
  )
  if (weaker.length > 0) {
    console.log(
      `Warning: the judge ${judgeModel} is priced below the reviewer ${weaker.join(', ')}; ` +
        'a judge weaker than the reviewer makes the scores less trustworthy (--judge-model).'
    )
  }
  const planInput = {
    fixtures,
    runs,
    armModels: arms.map(a => armModel(a, model)),
    armBaseline: arms.map(a => isBaseline(a.inputs)),
    judgeModel
  }
  const plan = estimate(planInput)
  console.log(describeEstimate(plan, planInput))
  console.log(
    `Time: about ${estimateHours(plan, concurrency ?? 2).toFixed(1)} h at --concurrency ${concurrency ?? 2} ` +
      `(${REVIEW_MINUTES} min a review and ${JUDGE_CALL_SECONDS} s a judge call, assumed).`
  )
  console.log(`Spend limit (--max-cost): $${maxCost.toFixed(2)}.`)
  console.log(`Split: ${split} (${fixtures.length} fixtures).`)
  const worsts = fixtures.flatMap(f =>
    arms.map(arm =>
      jobWorstUsd({
        model: armModel(arm, model),
        judgeModel,
        judgeSamples: JUDGE_SAMPLES,
        inputs: arm.inputs,
        reviews: f.fix && !isBaseline(arm.inputs) ? 2 : 1,
        judged: f.golden.length > 0
      })
    )
  )
  const worst = Math.min(...worsts)
  const whole = wholeSetCap(plan.upperUsd, Math.max(...worsts))
  console.log(
    `Hard cap: a review job starts only when its worst case (the arm's budget caps at the prices, judge ` +
      `included; $${worst.toFixed(2)} for the smallest job here, $${Math.max(...worsts).toFixed(2)} for the ` +
      `largest) fits under --max-cost with what is spent and in flight; otherwise it waits for the jobs in flight.`
  )
  console.log(
    `--max-cost ${whole.toFixed(2)} runs the whole set: the estimate without prompt caching plus the largest job's worst case.`
  )
  if (args.estimate) return 0
  if (worst > maxCost) {
    return fail(
      `The worst case of a single job ($${worst.toFixed(2)}) is above --max-cost ($${maxCost.toFixed(2)}): ` +
        'nothing would start. Raise --max-cost, or use a smaller budget (--arm name=budget:fast) or cheaper models.'
    )
  }
  if (maxCost < whole) {
    console.log(
      `Warning: --max-cost ($${maxCost.toFixed(2)}) is below $${whole.toFixed(2)}: jobs whose worst case no longer fits ` +
        'after what is spent will be skipped, and the run will exit non-zero and list them.'
    )
  }
  const apiKey = env.ANTHROPIC_API_KEY
  if (!apiKey) return fail('--live needs ANTHROPIC_API_KEY in the environment; it is never run in CI.')
  if (!existsSync(DEFAULT_ENTRY)) return fail(`${DEFAULT_ENTRY} is missing: run npm run bundle first.`)
  const apiUrl = env.ANTHROPIC_BASE_URL || DEFAULT_API_URL
  const judge = llmJudge({
    apiKey,
    model: judgeModel,
    samples: JUDGE_SAMPLES,
    ...(env.ANTHROPIC_BASE_URL ? { baseURL: env.ANTHROPIC_BASE_URL } : {})
  })

  const result = await runLive({
    fixtures,
    runs,
    arms,
    model,
    judgeModel,
    apiKey,
    apiUrl,
    maxCostUsd: maxCost,
    concurrency: concurrency ?? 2,
    judge,
    log: line => console.log(line)
  })
  const now = new Date()
  const report = buildReport(
    {
      date: now.toISOString().slice(0, 10),
      model,
      judgeModel,
      runs,
      fixtures: fixtures.length,
      redlineCommit:
        spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT }).stdout?.toString().trim() || 'unknown',
      estimateUsd: plan.totalUsd,
      spentUsd: result.reviewerUsd + result.judgeUsd,
      judgeUsd: result.judgeUsd,
      skippedRuns: result.skipped.length,
      skipped: result.skipped,
      reviews: result.reviews,
      ...(excluded.length > 0 ? { excluded } : {}),
      capReached: result.capReached,
      maxCostUsd: maxCost,
      judge: {
        samples: judge.samples,
        judged: judge.judged,
        calls: judge.calls,
        wanted: judge.wanted,
        unreadable: judge.unreadable,
        disagreements: judge.disagreements
      },
      split,
      wallMs: result.wallMs,
      arms
    },
    result.records
  )
  const out = path.resolve(args.out ?? path.join(ROOT, 'eval', 'results'))
  await mkdir(out, { recursive: true })
  const base = path.join(out, resultFileBase(now, model))
  await writeFile(`${base}.md`, renderMarkdown(report), 'utf8')
  await writeFile(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`, 'utf8')
  console.log(
    `Judge: ${judge.judged} comments × ${judge.samples} samples; ${judge.unreadable} unreadable answers ` +
      `(each votes for no defect), ${judge.disagreements} comments whose samples disagreed.`
  )
  for (const line of runHeadline(report.meta)) console.log(line.replace(/\*\*/g, ''))
  console.log(
    `Spent $${(result.reviewerUsd + result.judgeUsd).toFixed(2)} ($${result.judgeUsd.toFixed(2)} judge) of --max-cost ` +
      `$${maxCost.toFixed(2)}` +
      (result.capReached ? '; the cap was reached and the runs in flight were stopped' : '') +
      '.'
  )
  console.log(`Results: ${base}.md and ${base}.json`)
  // An incomplete run is not a result to quote: it fails, and the report says what did not run.
  return result.records.length > 0 && result.skipped.length === 0 && !result.capReached ? 0 : 1
}

/** The --max-cost under which no job is skipped while the spend stays within the uncached estimate. */
export function wholeSetCap(upperUsd: number, largestJobWorstUsd: number): number {
  return Math.ceil((upperUsd + largestJobWorstUsd) * 100) / 100
}

function fail(message: string): number {
  console.error(message)
  return 2
}
