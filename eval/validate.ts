/**
 * `--validate`: offline proof that the fixtures, the action's capture path and the scorer fit together.
 * Every fixture is built into a real repository, its golden locations are checked against the PR's
 * diff-line set, and the bundled action reviews it twice against the stand-ins: once with an oracle
 * model that records the golden defects (which must score precision and recall 1.0) and once with a noisy
 * model that adds one wrong finding (which must score below 1.0 precision). Fixtures with a follow-up
 * commit are re-reviewed after it, and the oracle must resolve what the commit fixes.
 */
import { startMessagesServer, type MessagesServer } from '../testing/messages-server.js'
import { conversationStats, type Exchange } from './exchanges.js'
import { fixtureLeaks, productWords, requestLeaks, sentText, type Leak } from './blind.js'
import { checkFixtureSet, checkGolden } from './golden-check.js'
import { FIXTURES_DIR, loadFixtures } from './fixtures.js'
import { lexicalJudge, type Judge } from './judge.js'
import type { Fixture, PostedComment, ReReview, RunCosts, RunRecord } from './model.js'
import { MUTANTS, realProblems, runMutants, type MutantResult } from './mutants.js'
import { buildReviewSet, scoreReviewSet, type ReviewSet, type SetScore } from './review-set.js'
import { tellFigures, tellProblems, type TellFigure } from './tells.js'
import { mapLimit } from './pool.js'
import { buildPr, fileLines, prLineSet } from './pr.js'
import { runReview, startGitHub, type ReviewOutcome } from './review-run.js'
import { computeMetrics, matchRun, type Metrics } from './score.js'
import { findingFor, noiseFinding, rereviewScript, reviewScript, type Script } from './scripted-models.js'
import { checkSuggestion } from './suggestions.js'

const API_KEY = 'sk-ant-evaluation'

export interface ValidateOptions {
  fixturesDir?: string
  only?: readonly string[] | undefined
  concurrency?: number
  log?: (line: string) => void
}

/** What the blind check read: every request of every review, and what it found that names a fixture. */
export interface BlindScan {
  requests: number
  leaks: Leak[]
}

interface Sent {
  fixture: Fixture
  label: string
  bodies: Parameters<typeof requestLeaks>[2]
  own: readonly string[]
}

export interface ValidationReport {
  fixtures: Fixture[]
  blind: BlindScan
  /** The scorer's mutation checks: the review set's right score, the real scorer's, and each mutant's. */
  mutations: { expected: ReviewSet['expected']; real: SetScore; mutants: MutantResult[] }
  /** What a model sees without reading the code, for clean and seeded PRs side by side. */
  tells: TellFigure[]
  problems: string[]
  oracle: Metrics
  noisy: Metrics
  runs: { oracle: RunRecord[]; noisy: RunRecord[] }
  wallMs: number
}

function costs(outcome: ReviewOutcome, messages: MessagesServer): RunCosts {
  const stats = conversationStats(
    messages.requests.map((r): Exchange => ({ request: r.body, status: r.status, response: r.response }))
  )
  return {
    inputTokens: stats.inputTokens,
    outputTokens: stats.outputTokens,
    costUsd: outcome.costUsd,
    wallMs: outcome.wallMs,
    modelRequests: stats.modelRequests,
    toolCalls: stats.toolCalls,
    quoteRetries: stats.quoteRetries,
    budgetStops: outcome.budgetStops
  }
}

function outcomeProblems(
  label: string,
  outcome: ReviewOutcome,
  script: Script,
  messages: MessagesServer
): string[] {
  const problems: string[] = []
  if (outcome.exitCode !== 0) {
    const errors = outcome.stdout.split('\n').filter(line => line.startsWith('::error'))
    problems.push(
      `${label}: the action exited ${outcome.exitCode}: ${errors.join(' | ') || outcome.stderr.trim()}`
    )
  }
  if (!outcome.review) problems.push(`${label}: no review was posted`)
  for (const error of script.problems) problems.push(`${label}: the action refused a scripted call: ${error}`)
  if (messages.remaining() > 0) problems.push(`${label}: the action stopped before the script ended`)
  return problems
}

async function record(
  fixture: Fixture,
  arm: string,
  comments: PostedComment[],
  judge: Judge,
  extra: Pick<RunRecord, 'suggestions' | 'costs'>
): Promise<RunRecord> {
  return {
    fixture: fixture.id,
    language: fixture.language,
    arm,
    run: 1,
    holdout: fixture.holdout,
    clean: fixture.clean,
    defects: fixture.golden,
    comments,
    verdicts: await judge.verdicts(comments, fixture.golden),
    ...extra
  }
}

interface FixtureResult {
  problems: string[]
  oracle?: RunRecord
  noisy?: RunRecord
}

async function validateFixture(
  fixture: Fixture,
  judge: Judge,
  blind: { sent: Sent[] }
): Promise<FixtureResult> {
  const problems: string[] = []
  let repo
  try {
    repo = buildPr(fixture)
  } catch (error) {
    return { problems: [`${fixture.id}: does not build into a git repository: ${(error as Error).message}`] }
  }
  const pr = repo.fixture
  const servers: Array<{ close(): Promise<void> }> = []
  try {
    const lineSet = await prLineSet(pr)
    const head = new Map<string, string[] | undefined>()
    for (const file of new Set([
      ...lineSet.paths(),
      ...fixture.golden.flatMap(d => d.locations.map(l => l.file))
    ])) {
      head.set(file, await fileLines(pr, pr.headSha, file))
    }
    const lines = (file: string): string[] | undefined => head.get(file)
    const goldenProblems = checkGolden(fixture, lineSet, lines)
    if (goldenProblems.length > 0) return { problems: goldenProblems }
    const findings = fixture.golden.map(d => findingFor(d, lines))

    const run = async (
      label: string,
      script: Script,
      github: Awaited<ReturnType<typeof startGitHub>>,
      action: 'opened' | 'synchronize',
      own: readonly string[] = []
    ) => {
      const messages = await startMessagesServer({ apiKey: API_KEY, script: script.steps })
      servers.push(messages)
      const outcome = await runReview({
        pr,
        github,
        anthropicBaseUrl: messages.url,
        apiKey: API_KEY,
        action,
        timeoutMs: 90_000
      })
      problems.push(...outcomeProblems(`${fixture.id} (${label})`, outcome, script, messages))
      blind.sent.push({ fixture, label, bodies: messages.requests.map(r => r.body), own })
      return { outcome, costs: costs(outcome, messages) }
    }

    const noisyGitHub = await startGitHub(pr, fixture)
    servers.push(noisyGitHub)
    const noisy = await run(
      'noisy',
      reviewScript([...findings, noiseFinding(fixture, lineSet, lines)], 'Scripted noisy review.'),
      noisyGitHub,
      'opened'
    )

    const github = await startGitHub(pr, fixture)
    servers.push(github)
    const oracle = await run('oracle', reviewScript(findings, 'Scripted oracle review.'), github, 'opened')
    const suggestions = oracle.outcome.comments
      .filter(c => c.suggestion !== undefined)
      .map(c => checkSuggestion(c, head.get(c.file)?.join('\n').concat('\n')))
    for (const s of suggestions)
      if (!s.applies)
        problems.push(`${fixture.id}: the oracle's suggestion on ${s.commentId} does not apply: ${s.reason}`)

    const oracleRecord = await record(fixture, 'oracle', oracle.outcome.comments, judge, {
      suggestions,
      costs: oracle.costs
    })
    const noisyRecord = await record(fixture, 'noisy', noisy.outcome.comments, judge, {
      suggestions: [],
      costs: noisy.costs
    })

    if (repo.pushFix) {
      const fixed = fixture.golden.filter(d => d.fixedBy === 'fix').map(d => d.id)
      const pairs = matchRun(oracleRecord, 'located').pairs
      const found = pairs.filter(([, d]) => fixed.includes(d))
      repo.pushFix()
      pr.freshCheckout()
      const second = await run(
        're-review',
        rereviewScript(found.map(([c]) => c)),
        github,
        'synchronize',
        oracle.outcome.comments.flatMap(c => [c.title, c.description, c.category])
      )
      const statuses = new Map(second.outcome.findings.map(f => [f.id, f.status]))
      const firstIds = new Set(oracle.outcome.findings.map(f => f.id))
      const fresh = second.outcome.comments.filter(c => !firstIds.has(c.id))
      const fixedDefects = fixture.golden.filter(d => fixed.includes(d.id))
      const reraise = await judge.verdicts(fresh, fixedDefects)
      const rereview: ReReview = {
        fixed,
        fixedFound: found.map(([, d]) => d),
        resolved: found.filter(([c]) => statuses.get(c) === 'resolved').map(([, d]) => d),
        reraised: fixed.filter(d => Object.values(reraise).some(ids => ids.includes(d))),
        costs: second.costs
      }
      oracleRecord.rereview = rereview
    }
    return { problems, oracle: oracleRecord, noisy: noisyRecord }
  } catch (error) {
    return { problems: [...problems, `${fixture.id}: ${(error as Error).stack ?? String(error)}`] }
  } finally {
    for (const server of servers) await server.close()
    repo.cleanup()
  }
}

/** The blind check over the fixtures' material and every request the reviews sent. */
export function scanSent(fixtures: readonly Fixture[], sent: readonly Sent[]): BlindScan {
  const firsts = sent.filter(s => s.label !== 're-review' && s.bodies.length > 0)
  const product =
    new Set(firsts.map(s => s.fixture.id)).size > 1
      ? productWords(firsts.map(s => sentText(s.bodies[0]!).user))
      : new Set<string>()
  return {
    requests: sent.reduce((n, s) => n + s.bodies.length, 0),
    leaks: [
      ...fixtures.flatMap(fixtureLeaks),
      ...sent.flatMap(s => requestLeaks(s.fixture, s.label, s.bodies, s.own, product))
    ]
  }
}

function expect(
  problems: string[],
  label: string,
  value: number,
  test: (v: number) => boolean,
  want: string
): void {
  if (!test(value))
    problems.push(`${label} is ${Number.isNaN(value) ? 'undefined' : value.toFixed(3)}; it must be ${want}`)
}

export async function validate(options: ValidateOptions = {}): Promise<ValidationReport> {
  const started = Date.now()
  const log = options.log ?? (() => undefined)
  const fixtures = await loadFixtures(options.fixturesDir ?? FIXTURES_DIR, options.only)
  const problems = options.only && options.only.length > 0 ? [] : checkFixtureSet(fixtures)
  const judge = lexicalJudge()
  // The mutants score a fixed set built from every fixture's golden files; they run beside the reviews.
  const everyFixture = await loadFixtures(options.fixturesDir ?? FIXTURES_DIR)
  const reviewSet = buildReviewSet(everyFixture)
  // The tells are a property of the whole set: measured on every fixture, whatever --fixtures says.
  const tells = tellFigures(everyFixture)
  problems.push(...tellProblems(tells))
  const real = await scoreReviewSet(reviewSet.records)
  const mutantRuns = runMutants(reviewSet, real, MUTANTS)
  const sent: Sent[] = []
  const results = await mapLimit(fixtures, options.concurrency ?? 2, async fixture => {
    const result = await validateFixture(fixture, judge, { sent })
    log(`${result.problems.length === 0 ? 'ok  ' : 'FAIL'} ${fixture.id}`)
    return result
  })
  problems.push(...results.flatMap(r => r.problems))
  const blind = scanSent(fixtures, sent)
  const mutations = { expected: reviewSet.expected, real, mutants: await mutantRuns }
  problems.push(...realProblems(reviewSet, real))
  problems.push(...mutations.mutants.flatMap(m => m.problems))
  for (const leak of blind.leaks)
    problems.push(`blind: ${leak.where} names the fixture or its defect ('${leak.term}'): …${leak.excerpt}…`)
  const oracleRuns = results.flatMap(r => (r.oracle ? [r.oracle] : []))
  const noisyRuns = results.flatMap(r => (r.noisy ? [r.noisy] : []))
  const oracle = computeMetrics(oracleRuns)
  const noisy = computeMetrics(noisyRuns)
  expect(problems, 'oracle precision', oracle.located.precision, v => v === 1, '1.0')
  expect(problems, 'oracle recall', oracle.located.recall, v => v === 1, '1.0')
  expect(problems, 'oracle meaning-only F1', oracle.meaning.f1, v => v === 1, '1.0')
  expect(problems, 'oracle medium+ comments on clean PRs', oracle.cleanMediumPlus.total, v => v === 0, '0')
  expect(problems, 'oracle line accuracy', oracle.lineAccuracy.rate, v => v === 1, '1.0')
  if (oracle.suggestions.checked > 0)
    expect(problems, 'oracle suggestion apply rate', oracle.suggestions.rate, v => v === 1, '1.0')
  if (oracle.rereview.fixed > 0) {
    expect(problems, 'oracle re-review resolve rate', oracle.rereview.resolveRate, v => v === 1, '1.0')
    expect(problems, 'oracle re-raise rate', oracle.rereview.reraiseRate, v => v === 0, '0')
  }
  expect(problems, 'noisy precision', noisy.located.precision, v => v < 1, 'below 1.0')
  expect(problems, 'noisy recall', noisy.located.recall, v => v === 1, '1.0')
  return {
    fixtures,
    blind,
    mutations,
    tells,
    problems,
    oracle,
    noisy,
    runs: { oracle: oracleRuns, noisy: noisyRuns },
    wallMs: Date.now() - started
  }
}
