import { isCommentEvent } from '../commands/comment-event.js'
import { rememberSecrets, secretValuesOf } from '../text/known-secrets.js'
import { errorCommand, eventFileProblem } from './event-file.js'

// The run's secrets as the runner hands them over (secret inputs, tokens, keys): redacted from every sink.
rememberSecrets(secretValuesOf(process.env))

// Checked before main.js is loaded: loading it loads @actions/github, which parses the event file at once.
const problem = eventFileProblem(process.env)
if (problem !== undefined) {
  process.stdout.write(errorCommand(problem))
  process.exitCode = 1
} else if (isCommentEvent(process.env['GITHUB_EVENT_NAME'] ?? '')) {
  // A comment is the comment commands' door; the runner has one entry for both.
  const { runOnComment } = await import('../commands/index.js')
  await runOnComment(process.env['GITHUB_EVENT_NAME'] ?? '')
} else {
  const { run } = await import('./run.js')
  await run()
}
