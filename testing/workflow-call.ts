/**
 * What a caller workflow's job that `uses:` a reusable workflow hands the action, worked out from the two
 * files as GitHub does: the caller's job `if`, `with` and `secrets` (or `secrets: inherit`) in the caller's
 * contexts; the called workflow's declared inputs (defaults, types, required) and secrets; then the `with` of
 * the step that runs the action, in the called workflow's contexts, over action.yml's defaults. Every `${{ }}`
 * must resolve, or this throws.
 */
import { parse } from 'yaml'
import { asText, resolveValue, strict, type Context } from './workflow-expressions.js'

interface Declared {
  type?: 'string' | 'boolean' | 'number'
  default?: unknown
  required?: boolean
}

interface CalledStep {
  id?: string
  uses?: string
  with?: Record<string, unknown>
  if?: string
}

/** The steps before the action's, by id: each that runs must be given its outputs; one its `if` skips has none. */
function stepsBefore(
  steps: CalledStep[],
  contexts: Record<string, Context>,
  ran: Record<string, Record<string, string>>
): Context {
  const earlier: Record<string, unknown> = {}
  for (const before of steps) {
    if (!before.id) continue
    const runs = before.if === undefined || Boolean(resolveValue(`\${{ ${before.if} }}`, contexts))
    if (runs && !(before.id in ran))
      throw new Error(`the step ${before.id} runs, and the test gives no outputs for it`)
    earlier[before.id] = runs
      ? { outputs: ran[before.id], conclusion: 'success' }
      : { outputs: {}, conclusion: 'skipped' }
  }
  return strict('steps', earlier)
}

interface CalledWorkflow {
  on: {
    workflow_call: { inputs?: Record<string, Declared>; secrets?: Record<string, { required?: boolean }> }
  }
  jobs: Record<
    string,
    {
      env?: Record<string, unknown>
      steps: CalledStep[]
    }
  >
}

interface CallerJob {
  if?: string
  uses: string
  with?: Record<string, unknown>
  secrets?: 'inherit' | Record<string, string>
}

export interface CallInput {
  callerYaml: string
  calledYaml: string
  actionYaml: string
  /** The reusable workflow's path in `uses:`, e.g. `.github/workflows/redline.yml`. */
  calledPath: string
  /** The step that runs the action: its `uses:` without the ref (`redline-review/redline`). */
  actionUses: string
  /** The `github` context: event_name, event, token, repository… */
  github: Record<string, unknown>
  /** The caller repository's secrets. */
  secrets: Record<string, string>
  /** The caller's own inputs (workflow_dispatch); null for other events. */
  inputs: Record<string, unknown> | null
  /** The outputs of the called workflow's steps that run before the action, by step id. */
  stepOutputs?: Record<string, Record<string, string>>
}

export interface CallResult {
  /** False when the caller job's `if` skips it for this event. */
  runs: boolean
  /** The action's inputs by name, as the runner passes them (INPUT_<NAME>). */
  actionInputs: Record<string, string>
  /** The reusable workflow's inputs and secrets, as it received them. */
  calledInputs: Record<string, unknown>
  calledSecrets: Record<string, string>
}

function callerJob(caller: { jobs: Record<string, CallerJob> }, calledPath: string): CallerJob {
  const job = Object.values(caller.jobs).find(candidate => candidate.uses?.includes(`${calledPath}@`))
  if (!job) throw new Error(`the caller has no job that uses ${calledPath}`)
  return job
}

function typed(name: string, declared: Declared, value: unknown): unknown {
  const type = declared.type ?? 'string'
  if (type === 'string') return asText(value)
  if (type === 'number' && typeof value !== 'number') throw new Error(`input ${name} must be a number`)
  if (type === 'boolean' && typeof value !== 'boolean') throw new Error(`input ${name} must be a boolean`)
  return value
}

/** The reusable workflow's inputs from the caller's `with`, as GitHub checks them. */
function calledInputsOf(
  declared: Record<string, Declared>,
  given: Record<string, unknown>
): Record<string, unknown> {
  for (const name of Object.keys(given))
    if (!(name in declared))
      throw new Error(`the caller passes ${name}, which the called workflow does not declare`)
  const inputs: Record<string, unknown> = {}
  for (const [name, spec] of Object.entries(declared)) {
    if (name in given) inputs[name] = typed(name, spec, given[name])
    else if (spec.required) throw new Error(`the caller leaves out the required input ${name}`)
    else inputs[name] = spec.default ?? (spec.type === 'boolean' ? false : spec.type === 'number' ? 0 : '')
  }
  return inputs
}

function calledSecretsOf(
  declared: Record<string, { required?: boolean }>,
  job: CallerJob,
  callerContexts: Record<string, Context>,
  repositorySecrets: Record<string, string>
): Record<string, string> {
  if (job.secrets === 'inherit') return { ...repositorySecrets }
  const passed: Record<string, string> = {}
  for (const [name, value] of Object.entries(job.secrets ?? {})) {
    if (!(name in declared)) throw new Error(`the caller passes the secret ${name}, which is not declared`)
    passed[name] = asText(resolveValue(value, callerContexts))
  }
  for (const [name, spec] of Object.entries(declared))
    if (spec.required && !passed[name]) throw new Error(`the caller leaves out the required secret ${name}`)
  return passed
}

/** The action's inputs, from the step's `with` over action.yml's defaults. */
function actionInputsOf(
  actionYaml: string,
  given: Record<string, unknown>,
  contexts: Record<string, Context>
): Record<string, string> {
  const action = parse(actionYaml) as { inputs: Record<string, { default?: string }> }
  for (const name of Object.keys(given))
    if (!(name in action.inputs))
      throw new Error(`the step passes ${name}, which action.yml does not declare`)
  const inputs: Record<string, string> = {}
  for (const [name, spec] of Object.entries(action.inputs)) {
    const value = name in given ? given[name] : (spec.default ?? '')
    inputs[name] = asText(resolveValue(value, contexts))
  }
  return inputs
}

/** Works out what the action receives when the caller's job calls the reusable workflow. */
export function deriveWorkflowCall(input: CallInput): CallResult {
  const caller = parse(input.callerYaml) as { jobs: Record<string, CallerJob> }
  const called = parse(input.calledYaml) as CalledWorkflow
  const job = callerJob(caller, input.calledPath)
  const callerContexts = { github: input.github, inputs: input.inputs, secrets: input.secrets }
  const empty = { runs: false, actionInputs: {}, calledInputs: {}, calledSecrets: {} }
  if (job.if !== undefined && !resolveValue(`\${{ ${job.if} }}`, callerContexts)) return empty
  const given = Object.fromEntries(
    Object.entries(job.with ?? {}).map(([name, value]) => [name, resolveValue(value, callerContexts)])
  )
  const declared = called.on.workflow_call
  const calledInputs = calledInputsOf(declared.inputs ?? {}, given)
  const calledSecrets = calledSecretsOf(declared.secrets ?? {}, job, callerContexts, input.secrets)
  const declaredSecrets = Object.fromEntries(
    Object.keys(declared.secrets ?? {}).map(name => [name, calledSecrets[name] ?? ''])
  )
  const contexts: Record<string, Context> = {
    github: input.github,
    inputs: strict('inputs', calledInputs as Record<string, unknown>),
    secrets: strict('secrets', {
      ...(job.secrets === 'inherit' ? input.secrets : {}),
      ...declaredSecrets,
      GITHUB_TOKEN: String(input.github['token'] ?? '')
    })
  }
  const usesAction = (step: CalledStep) => step.uses?.split('@')[0] === input.actionUses
  const calledJob = Object.values(called.jobs).find(candidate => candidate.steps.some(usesAction))
  if (!calledJob) throw new Error(`the called workflow has no step that uses ${input.actionUses}`)
  const env = Object.entries(calledJob.env ?? {}).map(([name, value]) => [
    name,
    asText(resolveValue(value, contexts))
  ])
  Object.assign(contexts, { env: Object.fromEntries(env) })
  const at = calledJob.steps.findIndex(usesAction)
  const step = calledJob.steps[at] as CalledStep
  Object.assign(contexts, {
    steps: stepsBefore(calledJob.steps.slice(0, at), contexts, input.stepOutputs ?? {})
  })
  return {
    runs: true,
    actionInputs: actionInputsOf(input.actionYaml, step.with ?? {}, contexts),
    calledInputs,
    calledSecrets
  }
}
