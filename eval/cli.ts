/**
 * `npm run eval -- --validate` checks the fixtures and the scorer offline; `npm run eval -- --live` measures
 * review quality with a real model. See eval/README.md.
 */
import { parseArgs } from 'node:util'
import { positiveInteger } from './cli-args.js'
import { validate } from './validate.js'
import { describeValidation } from './validate-report.js'

const USAGE = `Usage:
  npm run eval -- --validate [--fixtures a,b] [--concurrency N]
  npm run eval -- --check-fixtures [--fixtures a,b] [--concurrency N]
  npm run eval -- --live [--runs 3] [--max-cost 5] [--model claude-sonnet-5-5] [--judge-model claude-opus-5-5]
                 [--arm name=input:value,input:value ...] [--fixtures a,b] [--manifest file.json]
                 [--concurrency N] [--out eval/results] [--estimate] [--holdout]
  npm run eval -- --calibrate [--judge-model claude-opus-5-5]
  npm run eval -- --fetch-martian golden_comments/<project>.json --clones DIR
  npm run eval -- --live --manifest golden_comments/<project>.json --clones DIR [...]`

export async function main(argv: string[]): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      options: {
        validate: { type: 'boolean' },
        'check-fixtures': { type: 'boolean' },
        live: { type: 'boolean' },
        fixtures: { type: 'string' },
        concurrency: { type: 'string' },
        runs: { type: 'string' },
        'max-cost': { type: 'string' },
        model: { type: 'string' },
        'judge-model': { type: 'string' },
        arm: { type: 'string', multiple: true },
        manifest: { type: 'string' },
        out: { type: 'string' },
        estimate: { type: 'boolean' },
        holdout: { type: 'boolean' },
        calibrate: { type: 'boolean' },
        'fetch-martian': { type: 'string' },
        clones: { type: 'string' },
        help: { type: 'boolean' }
      }
    })
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`)
    return 2
  }
  const { values } = parsed
  if (values['fetch-martian']) {
    if (!values.clones) {
      console.error('--fetch-martian needs --clones DIR (where the repositories are cloned)')
      return 2
    }
    const { fetchMartian } = await import('./martian.js')
    const manifest = await fetchMartian(values['fetch-martian'], values.clones, {
      log: line => console.log(line)
    })
    console.log(
      `Wrote ${manifest}: the pulls API's base, head and description of each PR, cached for re-runs.`
    )
    return 0
  }
  if (values.calibrate) {
    const { runCalibrateCli } = await import('./calibrate.js')
    const { DEFAULT_JUDGE_MODEL } = await import('./live.js')
    return runCalibrateCli(values['judge-model'] ?? DEFAULT_JUDGE_MODEL)
  }
  if (
    values.help ||
    (values.validate === undefined && values.live === undefined && !values['check-fixtures'])
  ) {
    console.log(USAGE)
    return values.help ? 0 : 2
  }
  const only = values.fixtures
    ?.split(',')
    .map(s => s.trim())
    .filter(Boolean)
  const concurrency = positiveInteger(values.concurrency, '--concurrency')
  if (typeof concurrency === 'string') {
    console.error(concurrency)
    return 2
  }
  if (values['check-fixtures']) {
    const { runCheckFixturesCli } = await import('./check-fixtures.js')
    return runCheckFixturesCli(only, concurrency)
  }
  if (values.validate) {
    const report = await validate({ only, concurrency: concurrency ?? 4, log: line => console.log(line) })
    console.log(describeValidation(report))
    return report.problems.length === 0 ? 0 : 1
  }
  const { runLiveCli } = await import('./live-cli.js')
  return runLiveCli(values, only, concurrency)
}

main(process.argv.slice(2)).then(
  code => (process.exitCode = code),
  error => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error))
    process.exitCode = 1
  }
)
