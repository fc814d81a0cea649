/** A git command that failed: what ran, how it ended and what git said. */
export class GitError extends Error {
  override name = 'GitError'
  constructor(
    readonly command: string,
    readonly exitCode: number,
    readonly stderr: string
  ) {
    super(`git ${command} failed with exit code ${exitCode}${stderr ? `: ${firstLines(stderr)}` : ''}`)
  }
}

function firstLines(text: string): string {
  return text.split('\n').slice(0, 5).join('\n')
}
