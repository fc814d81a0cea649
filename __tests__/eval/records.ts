/** Small hand-made runs for the scorer, matcher, statistics and report tests. */
import type { GoldenDefect, PostedComment, RunRecord } from '../../eval/model.js'
import { overridden, type Overrides } from '../support/overrides.js'

export function defect(id: string, overrides: Partial<GoldenDefect> = {}): GoldenDefect {
  return {
    id,
    file: 'src/a.ts',
    lines: [10, 10],
    locations: [{ file: 'src/a.ts', start: 10, end: 10, role: 'cause' }],
    kind: 'off-by-one',
    multiHop: false,
    category: 'correctness',
    severity: 'high',
    description: 'The loop stops one item early.',
    ...overrides
  }
}

export function comment(id: string, overrides: Overrides<PostedComment> = {}): PostedComment {
  return overridden(
    {
      id,
      where: 'inline',
      file: 'src/a.ts',
      startLine: 10,
      endLine: 10,
      severity: 'high',
      category: 'correctness',
      title: 'Loop stops early',
      description: 'The last item is skipped.'
    },
    overrides
  )
}

export function run(overrides: Partial<RunRecord> = {}): RunRecord {
  return {
    fixture: 'f1',
    language: 'typescript',
    arm: 'base',
    run: 1,
    holdout: false,
    clean: false,
    defects: [],
    comments: [],
    verdicts: {},
    suggestions: [],
    costs: {
      inputTokens: 100,
      outputTokens: 10,
      costUsd: 0.01,
      wallMs: 1000,
      modelRequests: 2,
      toolCalls: 3,
      quoteRetries: 0,
      budgetStops: 0
    },
    ...overrides
  }
}
