import { commandIn, MAX_COMMENT_CHARS } from '../src/commands/parse.js'

/**
 * How long reading a comment for `@redline` takes when the comment is written to stall it. Anyone who can
 * comment on a public repository can post such a comment, and it is read before their permission is known, so
 * the time must grow with the comment's length and nothing else: the target is a 65 KB hostile comment
 * within 3 times a 65 KB ordinary one. Each case's time is the median of many reads in this process.
 */
const TARGET_RATIO = 3
const SIZE = 65_000

const PROSE =
  'Thanks for the change! I think `divide` should check for zero, see the `add` helper above.\n' +
  '> quoted from the description\n' +
  'Also, could the tests cover the **negative** case? ```inline``` is fine too.\n'

const CASES: Record<string, string> = {
  'ordinary, 65 KB': fill('@redline review\n', PROSE),
  'backticks then letters, 65 KB': `@redline review\n${'`'.repeat(SIZE / 2)}${'a'.repeat(SIZE / 2)}`,
  'runs of every length, 65 KB': fill('@redline review\n', runsOfEveryLength()),
  'dots after the command, 65 KB': `@redline review${'.'.repeat(SIZE)}x`,
  'ordinary, 300 characters': `@redline review\n${PROSE.repeat(2)}`.slice(0, 300)
}

function fill(head: string, unit: string): string {
  return (head + unit.repeat(Math.ceil(SIZE / unit.length))).slice(0, SIZE)
}

/** Runs of 1, 2, 3, … backticks, each closed by nothing of its length. */
function runsOfEveryLength(): string {
  let text = ''
  for (let length = 1; text.length < SIZE; length++) text += '`'.repeat(length) + 'x'
  return text
}

function medianMs(text: string): number {
  const times: number[] = []
  const deadline = performance.now() + 1_500
  while (times.length < 15 || (performance.now() < deadline && times.length < 400)) {
    const start = performance.now()
    commandIn(text, '@redline')
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)] as number
}

export function benchCommands(): void {
  console.log(
    `commands: reading a comment for the phrase (the first ${MAX_COMMENT_CHARS} characters at most)`
  )
  for (const text of Object.values(CASES)) commandIn(text, '@redline')
  const times = Object.fromEntries(Object.entries(CASES).map(([name, text]) => [name, medianMs(text)]))
  const ordinary = times['ordinary, 65 KB'] as number
  for (const [name, ms] of Object.entries(times)) {
    console.log(`  ${name.padEnd(32)} ${ms.toFixed(3).padStart(9)} ms  ×${(ms / ordinary).toFixed(2)}`)
  }
  const worst = Math.max(
    ...Object.entries(times)
      .filter(([name]) => name.endsWith('65 KB') && !name.startsWith('ordinary'))
      .map(([, ms]) => ms / ordinary)
  )
  console.log(
    `  worst 65 KB hostile / ordinary 65 KB: ${worst.toFixed(2)} (target ≤ ${TARGET_RATIO}) ${worst <= TARGET_RATIO ? 'ok' : 'OVER'}`
  )
}
