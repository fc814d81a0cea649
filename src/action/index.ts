import { errorCommand, eventFileProblem } from './event-file.js'

// Checked before main.js is loaded: loading it loads @actions/github, which parses the event file at once.
const problem = eventFileProblem(process.env)
if (problem !== undefined) {
  process.stdout.write(errorCommand(problem))
  process.exitCode = 1
} else {
  const { run } = await import('./run.js')
  await run()
}
