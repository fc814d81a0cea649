import { beforeAll, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../..')

interface DemoRun {
  status: number | null
  stdout: string
  stderr: string
  ms: number
}

let run: DemoRun

beforeAll(() => {
  const env = { ...process.env }
  // Scripted mode: the test must never reach the live API, whatever the machine has set.
  delete env['ANTHROPIC_API_KEY']
  const started = Date.now()
  const result = spawnSync(
    process.execPath,
    [resolve(root, 'node_modules/tsx/dist/cli.mjs'), 'demo/run.ts'],
    {
      cwd: root,
      env,
      encoding: 'utf8',
      timeout: 120_000
    }
  )
  run = { status: result.status, stdout: result.stdout, stderr: result.stderr, ms: Date.now() - started }
}, 150_000)

/** The part of the demo's output the docs show: the reviews, without the usage figures. */
function reviewPart(stdout: string): string {
  const lines = stdout.split('\n')
  const start = lines.findIndex(line => line.startsWith('─'))
  return lines
    .slice(start)
    .filter(line => !line.startsWith('Model usage:'))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

describe('npm run demo (scripted)', () => {
  it('runs offline and says it used the scripted session', () => {
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout.split('\n')[0]).toMatch(/scripted model session/)
    expect(run.ms).toBeLessThan(60_000)
  })

  it('prints the first review: summary, an inline comment with a suggestion block, no hidden markers', () => {
    const [first = '', second = ''] = run.stdout.split(/The author pushes [0-9a-f]{7}/)
    expect(first).toMatch(/\*\*Redline review\*\* of `[0-9a-f]{7}`/)
    expect(first).toContain('It divides by the list length without a check')
    expect(first).toContain('▶ Inline comment on src/stats.ts:7')
    expect(first).toContain(
      "```suggestion\n      if (values.length === 0) throw new RangeError('average of an empty list')\n" +
        '      return sum(values) / values.length\n    ```'
    )
    expect(first).toMatch(/1 open finding\(s\)/)
    expect(run.stdout).not.toContain('<!--')
    expect(second).toBeTruthy()
  })

  it('then shows the re-review after the fix resolving the finding and its thread', () => {
    const second = run.stdout.split(/The author pushes [0-9a-f]{7}/)[1] ?? ''
    expect(second).toContain('No open findings')
    expect(second).toContain('~~average([]) returns NaN~~')
    expect(second).toContain('▶ Thread on src/stats.ts:7: resolved')
    expect(second).toMatch(/0 open finding\(s\)/)
  })
})

describe('docs/how-a-review-works.md', () => {
  it('shows what the demo prints', () => {
    const readme = readFileSync(resolve(root, 'docs/how-a-review-works.md'), 'utf8')
    const shown = /<!-- demo-output -->\n+````text\n([\s\S]*?)\n````/.exec(readme)?.[1]
    expect(shown).toBeDefined()
    expect(shown).toBe(reviewPart(run.stdout))
  })
})
