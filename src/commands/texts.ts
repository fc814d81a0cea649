/** The fixed lines Redline replies with to comments, written once here. */

export function helpText(phrase: string): string {
  return [
    `**Redline commands** (people with write access to this repository can use them):`,
    '',
    `- \`${phrase} review\`: review what changed since the last review now, as a push would. One model run, as on a push.`,
    `- \`${phrase} full review\`: review the whole pull request again, keeping the earlier findings. One model run over the whole diff: the most expensive command.`,
    `- \`${phrase} pause\` / \`${phrase} resume\`: stop or restart the automatic reviews of this pull request on push. No model call.`,
    `- \`${phrase} describe\`: write a description of the pull request into its body, in a section of its own; what the author wrote is kept. One short model run.`,
    `- \`${phrase} help\`: this list. No model call.`,
    '',
    `Reply \`${phrase}\` with a question in one of Redline's threads to get an answer there: a short model run with a small budget.`
  ].join('\n')
}

/** Words after the phrase that name no command, in the pull request's conversation. */
export function unknownCommandText(phrase: string): string {
  return `That is not a command Redline knows.\n\n${helpText(phrase)}`
}

/** A question in a review thread Redline did not open: one line, no model call. */
export function notOurThreadText(phrase: string): string {
  return (
    `Redline answers questions only in its own review threads; to ask for a review, comment \`${phrase} review\` ` +
    'on the pull request.'
  )
}

export function whoMayCommandText(phrase: string): string {
  return (
    `Redline's commands (\`${phrase} review\` and the others) can be used by people with write, maintain or ` +
    'admin permission on this repository.'
  )
}

export const FINDING_GONE_TEXT =
  'This finding is not in the state of my last review any more, so there is nothing to answer for it.'
