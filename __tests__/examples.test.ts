import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parse } from 'yaml'
import { DEFAULT_TIME_LIMIT_MINUTES } from '../src/agent/budgets.js'

const root = resolve(import.meta.dirname, '..')
const examples = join(root, 'examples')
const action = parse(readFileSync(join(root, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { required?: boolean }>
}

interface Step {
  uses?: string
  with?: Record<string, unknown>
}
interface Workflow {
  on: Record<string, unknown>
  permissions?: Record<string, string>
  concurrency?: { group: string }
  jobs: Record<
    string,
    {
      name?: string
      'timeout-minutes'?: number
      steps?: Step[]
      uses?: string
      with?: Record<string, unknown>
    }
  >
}

/** The reusable workflow a caller example calls instead of running the action in a step of its own. */
const REUSABLE = /^redline-review\/redline\/\.github\/workflows\/redline\.yml@/
const reusable = parse(readFileSync(join(root, '.github/workflows/redline.yml'), 'utf8')) as {
  on: { workflow_call: { inputs: Record<string, { default?: unknown }> } }
}
const callsOf = (workflow: Workflow) =>
  Object.values(workflow.jobs).filter(job => REUSABLE.test(job.uses ?? ''))

const workflows = readdirSync(examples)
  .filter(name => /\.ya?ml$/.test(name))
  .map(name => ({ name, text: readFileSync(join(examples, name), 'utf8') }))

function redlineSteps(workflow: Workflow): Step[] {
  return Object.values(workflow.jobs)
    .flatMap(job => job.steps ?? [])
    .filter(step => /^redline-review\/redline@/.test(step.uses ?? ''))
}

/**
 * The `contents: write` grants of a workflow that no comment explains: a grant must have, in the comment lines
 * right above it, why (resolving threads) and what it risks (a token that can push).
 */
function unexplainedWriteGrants(text: string): number[] {
  const lines = text.split('\n')
  return lines.flatMap((line, index) => {
    if (!/^\s*contents:\s*write\b/.test(line)) return []
    let start = index
    while (start > 0 && /^\s*#/.test(lines[start - 1] ?? '')) start--
    const comment = lines.slice(start, index).join(' ')
    return /resolve/i.test(comment) && /push/i.test(comment) ? [] : [index + 1]
  })
}

describe('examples/', () => {
  it('holds the workflows the docs link to', () => {
    expect(workflows.map(w => w.name)).toEqual(expect.arrayContaining(['review.yml', 'review-gate.yml']))
    expect(readFileSync(join(examples, 'REVIEW.md'), 'utf8')).toMatch(/^# Review guidance/)
  })

  it.each(workflows)('$name passes only declared inputs to Redline, and every required one', ({ text }) => {
    const workflow = parse(text) as Workflow
    const steps = redlineSteps(workflow)
    const calls = callsOf(workflow)
    expect(steps.length + calls.length).toBeGreaterThan(0)
    const callable = Object.keys(reusable.on.workflow_call.inputs)
    for (const job of calls)
      expect(Object.keys(job.with ?? {}).filter(key => !callable.includes(key))).toEqual([])
    const declared = Object.keys(action.inputs)
    const required = declared.filter(name => action.inputs[name]?.required === true)
    for (const step of steps) {
      const keys = Object.keys(step.with ?? {})
      expect(keys.filter(key => !declared.includes(key))).toEqual([])
      expect(required.filter(name => !keys.includes(name))).toEqual([])
    }
    const insights = steps.some(step => step.with?.['mode'] === 'insights')
    expect(workflow.permissions?.['pull-requests']).toBe(insights ? 'read' : 'write')
  })

  it('insights.yml runs on a schedule and by hand, keeps its database in the cache, uploads the report, reads only', () => {
    const workflow = parse(readFileSync(join(examples, 'insights.yml'), 'utf8')) as Workflow
    expect(Object.keys(workflow.on).sort()).toEqual(['schedule', 'workflow_dispatch'])
    expect(Object.values(workflow.permissions ?? {})).toEqual(['read', 'read'])
    const steps = Object.values(workflow.jobs).flatMap(job => job.steps ?? [])
    const cache = steps.find(step => /^actions\/cache@/.test(step.uses ?? ''))
    const upload = steps.find(step => /^actions\/upload-artifact@/.test(step.uses ?? ''))
    expect(cache?.with?.['path']).toBe('redline-insights.sqlite')
    expect(String(upload?.with?.['path'])).toContain('redline-insights.html')
    expect(redlineSteps(workflow)[0]?.with?.['mode']).toBe('insights')
    expect(redlineSteps(workflow)[0]?.with?.['anthropic-api-key']).toBeUndefined()
  })

  it('learn.yml runs on a schedule and by hand, shares the database cache, and alone may write contents', () => {
    const workflow = parse(readFileSync(join(examples, 'learn.yml'), 'utf8')) as Workflow
    expect(Object.keys(workflow.on).sort()).toEqual(['schedule', 'workflow_dispatch'])
    expect(workflow.permissions).toEqual({ contents: 'write', 'pull-requests': 'write' })
    const steps = Object.values(workflow.jobs).flatMap(job => job.steps ?? [])
    const cache = steps.find(step => /^actions\/cache@/.test(step.uses ?? ''))
    expect(cache?.with?.['path']).toBe('redline-insights.sqlite')
    expect(redlineSteps(workflow)[0]?.with?.['mode']).toBe('learn')
    const writers = workflows.filter(w => (parse(w.text) as Workflow).permissions?.['contents'] === 'write')
    expect(writers.map(w => w.name)).toEqual(['learn.yml'])
  })

  it('review.yml runs on pull_request and workflow_dispatch; review-gate.yml fails on a severity', () => {
    const review = parse(readFileSync(join(examples, 'review.yml'), 'utf8')) as Workflow
    expect(Object.keys(review.on).sort()).toEqual([
      'issue_comment',
      'pull_request',
      'pull_request_review_comment',
      'workflow_dispatch'
    ])
    const gate = parse(readFileSync(join(examples, 'review-gate.yml'), 'utf8')) as Workflow
    expect(redlineSteps(gate)[0]?.with?.['fail-on']).toBe('high')
  })

  it.each(workflows)(
    '$name names its job, the check name the setup page tells to mark as required',
    ({ text }) => {
      const setup = readFileSync(join(root, 'docs/setup.md'), 'utf8')
      for (const job of Object.values((parse(text) as Workflow).jobs)) {
        expect(job.name).toMatch(/^Redline /)
        if (job.steps?.some(step => step.with?.['fail-on'] !== undefined))
          expect(setup).toContain(`**${job.name}**`)
      }
    }
  )

  it.each(workflows)("$name gives the job more minutes than the budget's default time-limit", ({ text }) => {
    for (const job of Object.values((parse(text) as Workflow).jobs)) {
      const budget = (job.steps ?? []).map(step => step.with?.['budget']).find(Boolean) ?? 'standard'
      const limit = DEFAULT_TIME_LIMIT_MINUTES[budget as keyof typeof DEFAULT_TIME_LIMIT_MINUTES]
      // A caller's job has the reusable workflow's timeout.
      const called = REUSABLE.test(job.uses ?? '')
        ? reusable.on.workflow_call.inputs['timeout-minutes']
        : undefined
      expect(job['timeout-minutes'] ?? called?.default).toBeGreaterThan(limit)
    }
  })

  it('review-gate.yml replaces review.yml and shares its concurrency group', () => {
    const gateText = readFileSync(join(examples, 'review-gate.yml'), 'utf8')
    expect(gateText.split('\n')[0]).toMatch(/It replaces review\.yml/)
    const review = parse(readFileSync(join(examples, 'review.yml'), 'utf8')) as Workflow
    const gate = parse(gateText) as Workflow
    expect(gate.concurrency?.group).toBe(review.concurrency?.group)
    expect(Object.keys(gate.on).sort()).toEqual(Object.keys(review.on).sort())
  })

  it('says why wherever an example grants contents: write, and what it risks', () => {
    for (const { name, text } of workflows)
      expect({ name, unexplained: unexplainedWriteGrants(text) }).toEqual({ name, unexplained: [] })
    // The check finds a bare grant, and a reason without the risk.
    const bare = 'permissions:\n  contents: write\n'
    expect(unexplainedWriteGrants(bare)).toEqual([2])
    expect(unexplainedWriteGrants(`permissions:\n  # to resolve threads\n  contents: write\n`)).toEqual([3])
    expect(
      unexplainedWriteGrants(`permissions:\n  # resolves threads; can push\n  contents: write\n`)
    ).toEqual([])
    // review.yml, which grants read, says at the point of choice what write adds and risks.
    const review = workflows.find(w => w.name === 'review.yml')?.text ?? ''
    expect(unexplainedWriteGrants(review.replace(/contents: read/, 'contents: write'))).toEqual([])
  })

  it.each([
    ['review.yml', 'README.md'],
    ['learn.yml', 'docs/learning.md'],
    ['insights-org.yml', 'docs/insights.md']
  ])('%s is the workflow %s shows', (name, page) => {
    const readme = readFileSync(join(root, page), 'utf8')
    const marker = `<!-- examples/${name} -->\n\n\`\`\`yaml\n`
    const start = readme.indexOf(marker)
    expect(start).toBeGreaterThan(0)
    const shown = readme.slice(start + marker.length, readme.indexOf('```', start + marker.length))
    expect(shown).toBe(readFileSync(join(examples, name), 'utf8'))
  })
})
