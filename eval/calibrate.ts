/**
 * `--calibrate`: how far the judge can be trusted. eval/calibration/pairs.json holds hand-labelled pairs of a
 * golden defect and a reviewer comment, matches and near-misses (same line, other problem; the other defect
 * of the same PR; a vaguer or stylistic remark). The judge is asked about each pair exactly as in a live run,
 * with the code of the fixture's head, and its answers are compared with the labels.
 */
import { readFile } from 'node:fs/promises'
import * as path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import type { CodeLookup, Judge } from './judge.js'
import type { Fixture, PostedComment } from './model.js'

export const CALIBRATION_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'calibration',
  'pairs.json'
)

const pairSchema = z
  .object({
    defect: z.string().regex(/^[a-z0-9-]+\/[a-z0-9-]+$/),
    comment: z
      .object({
        file: z.string().min(1),
        startLine: z.number().int().min(1),
        endLine: z.number().int().min(1),
        title: z.string().min(1),
        description: z.string().min(1)
      })
      .strict(),
    same: z.boolean(),
    note: z.string().min(1)
  })
  .strict()

export type CalibrationPair = z.infer<typeof pairSchema>

export async function loadCalibration(file = CALIBRATION_FILE): Promise<CalibrationPair[]> {
  const raw = JSON.parse(await readFile(file, 'utf8')) as { pairs?: unknown }
  return z.array(pairSchema).parse(raw.pairs)
}

/** The head of a fixture as the judge sees it in a live run. */
export function fixtureCode(fixture: Fixture): CodeLookup {
  const tree: Record<string, string> = { ...fixture.base, ...fixture.head }
  return file => tree[file]?.replace(/\n$/, '').split('\n')
}

/** What is wrong with the set itself: unknown defects, comments on files or lines that are not there. */
export function calibrationProblems(
  pairs: readonly CalibrationPair[],
  fixtures: readonly Fixture[]
): string[] {
  const problems: string[] = []
  for (const [i, pair] of pairs.entries()) {
    const fixture = fixtures.find(f => f.golden.some(d => d.id === pair.defect))
    if (!fixture) {
      problems.push(`pair ${i + 1}: no golden defect ${pair.defect}`)
      continue
    }
    const lines = fixtureCode(fixture)(pair.comment.file)
    if (!lines) problems.push(`pair ${i + 1}: ${pair.comment.file} is not in ${fixture.id}`)
    else if (pair.comment.endLine > lines.length || pair.comment.endLine < pair.comment.startLine)
      problems.push(
        `pair ${i + 1}: lines ${pair.comment.startLine}-${pair.comment.endLine} are not in the file`
      )
  }
  return problems
}

export interface CalibrationResult {
  pairs: number
  agreed: number
  agreement: number
  /** Labelled matches the judge matched, and labelled near-misses it matched anyway. */
  truePositives: number
  falsePositives: number
  falseNegatives: number
  trueNegatives: number
  disagreements: Array<{ pair: number; defect: string; label: boolean; judged: boolean; note: string }>
}

export async function calibrate(
  pairs: readonly CalibrationPair[],
  fixtures: readonly Fixture[],
  judge: Judge
): Promise<CalibrationResult> {
  const result: CalibrationResult = {
    pairs: pairs.length,
    agreed: 0,
    agreement: Number.NaN,
    truePositives: 0,
    falsePositives: 0,
    falseNegatives: 0,
    trueNegatives: 0,
    disagreements: []
  }
  for (const [i, pair] of pairs.entries()) {
    const fixture = fixtures.find(f => f.golden.some(d => d.id === pair.defect))
    if (!fixture) throw new Error(`calibration pair ${i + 1}: no golden defect ${pair.defect}`)
    const comment: PostedComment = {
      id: `pair-${i + 1}`,
      where: 'inline',
      severity: 'medium',
      category: 'correctness',
      ...pair.comment
    }
    // The judge is shown every defect of the fixture, as in a live run, and must pick the right one.
    const verdicts = await judge.verdicts([comment], fixture.golden, fixtureCode(fixture))
    const judged = (verdicts[comment.id] ?? []).includes(pair.defect)
    if (judged === pair.same) result.agreed++
    else
      result.disagreements.push({
        pair: i + 1,
        defect: pair.defect,
        label: pair.same,
        judged,
        note: pair.note
      })
    if (judged && pair.same) result.truePositives++
    else if (judged) result.falsePositives++
    else if (pair.same) result.falseNegatives++
    else result.trueNegatives++
  }
  result.agreement = pairs.length === 0 ? Number.NaN : result.agreed / pairs.length
  return result
}

export function describeCalibration(r: CalibrationResult, judgeModel: string): string {
  return [
    `Calibration of ${judgeModel}: agreement with the labels ${(100 * r.agreement).toFixed(1)}% (${r.agreed}/${r.pairs}); ` +
      `matches found ${r.truePositives}/${r.truePositives + r.falseNegatives}, ` +
      `near-misses wrongly matched ${r.falsePositives}/${r.falsePositives + r.trueNegatives}.`,
    ...r.disagreements.map(
      d =>
        `- pair ${d.pair} (${d.defect}, ${d.note}): labelled ${d.label ? 'same' : 'different'}, judged ${d.judged ? 'same' : 'different'}`
    )
  ].join('\n')
}

/** `npm run eval -- --calibrate [--judge-model ID]`: needs ANTHROPIC_API_KEY; never runs in CI. */
export async function runCalibrateCli(
  judgeModel: string,
  env: NodeJS.ProcessEnv = process.env,
  log: (line: string) => void = line => console.log(line)
): Promise<number> {
  const apiKey = env.ANTHROPIC_API_KEY
  if (!apiKey) {
    log('--calibrate needs ANTHROPIC_API_KEY in the environment.')
    return 2
  }
  const { loadFixtures } = await import('./fixtures.js')
  const { llmJudge } = await import('./judge.js')
  const { JUDGE_SAMPLES } = await import('./estimate.js')
  const fixtures = await loadFixtures()
  const pairs = await loadCalibration()
  const problems = calibrationProblems(pairs, fixtures)
  if (problems.length > 0) {
    log(problems.join('\n'))
    return 1
  }
  const judge = llmJudge({
    apiKey,
    model: judgeModel,
    samples: JUDGE_SAMPLES,
    ...(env.ANTHROPIC_BASE_URL ? { baseURL: env.ANTHROPIC_BASE_URL } : {})
  })
  const result = await calibrate(pairs, fixtures, judge)
  log(describeCalibration(result, judgeModel))
  log(
    `Judge: ${judge.calls} requests, ${judge.unreadable} unreadable answers, ${judge.disagreements} pairs whose ` +
      `samples disagreed; $${judge.usage.costUsd.toFixed(2)}.`
  )
  return 0
}
