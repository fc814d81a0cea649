import { beforeAll, describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { parse } from 'yaml'
import { actionlintAll, formatProblem, type ActionlintProblem } from '../testing/actionlint.js'

const root = resolve(import.meta.dirname, '..')
const workflowsDir = join(root, '.github', 'workflows')

function yamlFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter(name => /\.ya?ml$/.test(name))
    .map(name => join(dir, name))
}

interface Workflow {
  on: Record<string, unknown>
  permissions?: Record<string, string>
  jobs: Record<
    string,
    {
      if?: string
      'runs-on'?: string
      strategy?: { matrix?: Record<string, unknown[]> }
      steps?: { uses?: string; run?: string; with?: Record<string, unknown> }[]
    }
  >
}

function workflow(path: string): Workflow {
  return parse(readFileSync(path, 'utf8')) as Workflow
}

describe('actionlint', () => {
  const files = [...yamlFiles(workflowsDir), ...yamlFiles(join(root, 'examples'))]
  const broken = [
    'on:',
    '  pull_request:',
    '  pull_request_comment:',
    '  workflow_dispatch:',
    '    inputs:',
    '      pr-number:',
    '        required: true',
    'jobs:',
    '  review:',
    '    runs-on: ubuntu-24.04',
    '    steps:',
    '      - run: echo "${{ inputs.pr-number }} ${{ inputs.full-review }}"',
    ''
  ].join('\n')
  let problems: ActionlintProblem[][]

  // One process for every file: it compiles actionlint's WebAssembly once.
  beforeAll(async () => {
    problems = await actionlintAll([
      ...files.map(path => ({ path })),
      { path: join(workflowsDir, 'broken.yml'), text: broken }
    ])
    // A second or two alone; a busy machine's share of a core is slower.
  }, 120_000)

  it('finds no problem in .github/workflows/ and examples/', () => {
    expect(files.map(file => relative(root, file))).toEqual(
      expect.arrayContaining([
        '.github/workflows/ci.yml',
        '.github/workflows/self-review.yml',
        'examples/review.yml'
      ])
    )
    const found = files.flatMap((file, i) =>
      problems[i]!.map(problem => formatProblem(relative(root, file), problem))
    )
    expect(found).toEqual([])
  })

  it('catches an unknown event and an input the workflow does not declare', () => {
    const caught = problems[files.length]!
    expect(caught.map(({ line, kind }) => ({ line, kind }))).toEqual([
      { line: 3, kind: 'events' },
      { line: 12, kind: 'expression' }
    ])
    expect(caught[0]?.message).toContain('"pull_request_comment"')
    expect(caught[1]?.message).toContain('"full-review" is not defined')
  })
})

describe("the project's own workflows", () => {
  const selfReview = workflow(join(workflowsDir, 'self-review.yml'))

  it('self-review.yml grants exactly the permissions examples/review.yml grants', () => {
    const example = workflow(join(root, 'examples', 'review.yml'))
    expect(selfReview.permissions).toEqual(example.permissions)
    expect(Object.values(selfReview.jobs).filter(job => 'permissions' in job)).toEqual([])
  })

  it("self-review.yml runs the pull request's own build, on pull_request only, for same-repository heads", () => {
    expect(Object.keys(selfReview.on)).toEqual(['pull_request'])
    const jobs = Object.values(selfReview.jobs)
    expect(jobs).toHaveLength(1)
    const job = jobs[0]!
    expect(job.if).toContain('github.event.pull_request.head.repo.full_name == github.repository')
    expect(job.if).toContain("github.actor != 'dependabot[bot]'")
    const redline = job.steps?.find(step => step.uses === './')
    expect(redline?.with?.['anthropic-api-key']).toBe('${{ secrets.ANTHROPIC_API_KEY }}')
  })

  it('ci.yml runs the test command on Node 20 and 24 with the npm package.json names, and checks dist/', () => {
    const ci = workflow(join(workflowsDir, 'ci.yml'))
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      devEngines: { packageManager: { name: string; version: string } }
    }
    expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push'])
    const job = ci.jobs['test']!
    expect(job['runs-on']).toBe('ubuntu-latest')
    expect(job.strategy?.matrix?.['node']).toEqual([20, 24])
    const runs = (job.steps ?? []).map(step => step.run ?? '')
    const npm = pkg.devEngines.packageManager.version.replace(/^>=/, '')
    expect(runs).toContain(`npm install --global --no-audit --no-fund npm@${npm}`)
    expect(runs.indexOf('npm ci --no-audit --no-fund')).toBeLessThan(runs.indexOf('npm test'))
    expect(runs.some(run => run.includes('git diff --exit-code') && run.includes('dist'))).toBe(true)
    const sandbox = (job.steps ?? []).findIndex(step => step.uses === './sandbox')
    expect(sandbox).toBeGreaterThan(-1)
    expect(job.steps?.[sandbox]?.with?.['always']).toBe(true)
    expect(sandbox).toBeLessThan(runs.indexOf('npm test'))
  })
})
