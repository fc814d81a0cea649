/**
 * `npm run demo:check`: the README's picture of the "Redline" check. The bundled action reviews a sample pull
 * request against the GitHub stand-in with a scripted model session; the check run and annotations it posted
 * to the stand-in are rendered as GitHub's Checks tab lays them out (demo/check-view.ts) and screenshotted with
 * headless Chromium. It also prints the review body's walkthrough as posted.
 *
 * REDLINE_TEST_BUNDLE names the bundle to run (default: the committed dist/); CHROMIUM the browser binary.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { startGitHubServer } from '../testing/github-server.js'
import { reply, startMessagesServer } from '../testing/messages-server.js'
import { createPrFixture, pullRequestPayload } from '../testing/pr-fixture.js'
import { runAction } from '../testing/runner.js'
import { renderCheckView } from './check-view.js'
import { SAMPLE, SAMPLE_PR } from './sample.js'

const KEY = 'sk-ant-demo'
const TOKEN = 'ghs_demotoken'
const OUT = resolve(import.meta.dirname, '..', 'docs', 'check-run.png')

const REPORT = [
  "import { average } from './stats'",
  '',
  'export function report(values: readonly number[]): string {',
  '  return `mean ${average(values).toFixed(2)}`',
  '}',
  ''
].join('\n')

const finding = (
  severity: string,
  file: string,
  line: number,
  quote: string,
  title: string,
  description: string
) => ({
  severity,
  category: 'correctness',
  file,
  title,
  description,
  start_line: line,
  end_line: line,
  quote
})

function script() {
  return [
    reply.blocks([
      {
        type: 'tool_use',
        name: 'add_finding',
        input: finding(
          'high',
          'src/stats.ts',
          7,
          'return sum(values) / values.length',
          'average([]) returns NaN',
          'With an empty list the division yields NaN, which the report page prints as-is.'
        )
      },
      {
        type: 'tool_use',
        name: 'add_finding',
        input: finding(
          'medium',
          'src/report.ts',
          4,
          'average(values).toFixed(2)',
          'report() prints "mean NaN" for no values',
          'report([]) calls average([]); say "no values" instead.'
        )
      },
      {
        type: 'tool_use',
        name: 'add_finding',
        input: finding(
          'low',
          'src/report.ts',
          3,
          'export function report',
          'report() has no doc comment',
          'The other exported helpers say what they return; report() does not.'
        )
      }
    ] as never),
    reply.toolUse('publish_review', {
      summary: 'Adds `average()` and a report line that uses it. An empty list is not handled.',
      walkthrough: {
        summary:
          'Adds `average()` next to `sum()` and a `report()` helper that prints the mean for the report page.',
        files: [
          { paths: ['src/stats.ts'], change: 'New `average()`: the sum divided by the count.' },
          { paths: ['src/report.ts'], change: 'New `report()`: formats the mean to two decimals.' }
        ],
        effort: 2,
        effort_reason: 'Two small functions; the only question is the empty list.'
      }
    })
  ]
}

async function main(): Promise<void> {
  const spec = {
    ...SAMPLE,
    commits: [{ files: { ...SAMPLE.commits[0]!.files, 'src/report.ts': REPORT }, message: 'Add average()' }]
  }
  const fixture = createPrFixture(spec)
  const github = await startGitHubServer({ fixture, pr: SAMPLE_PR, token: TOKEN })
  const messages = await startMessagesServer({ apiKey: KEY, script: script() })
  try {
    const result = await runAction({
      workspace: fixture.workspaceDir,
      eventName: 'pull_request',
      payload: pullRequestPayload(fixture, 'opened'),
      inputs: { 'anthropic-api-key': KEY, 'github-token': TOKEN, 'fail-on': 'high', walkthrough: 'expanded' },
      repository: `${fixture.owner}/${fixture.repo}`,
      sha: fixture.mergeSha,
      ref: `refs/pull/${fixture.prNumber}/merge`,
      githubApiUrl: github.url,
      githubGraphqlUrl: github.graphqlUrl,
      anthropicBaseUrl: messages.url,
      timeoutMs: 120_000
    })
    await result.cleanup()
    const [check] = github.checkRuns
    if (!check) throw new Error(`no check run was posted (exit ${result.exitCode}): ${result.stderr}`)
    const body = github.reviews.at(-1)?.body ?? ''
    process.stdout.write(`${body.slice(0, body.indexOf('<!-- redline:state'))}\n`)
    const dir = mkdtempSync(join(tmpdir(), 'redline-check-'))
    const html = join(dir, 'check.html')
    writeFileSync(
      html,
      renderCheckView(check, {
        repository: `${fixture.owner}/${fixture.repo}`,
        files: spec.commits[0]!.files as Record<string, string>
      })
    )
    execFileSync(
      process.env['CHROMIUM'] ?? 'chromium',
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--hide-scrollbars',
        `--screenshot=${OUT}`,
        '--window-size=1000,900',
        `file://${html}`
      ],
      { stdio: 'ignore' }
    )
    rmSync(dir, { recursive: true, force: true })
    process.stdout.write(`Wrote ${OUT}\n`)
  } finally {
    await github.close()
    await messages.close()
    fixture.cleanup()
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
