/**
 * The shapes of what the repository configures: a problem matcher (the JSON that actions/toolkit's problem
 * matchers use) and a check of the `checks` key. Both are read from the base branch only.
 */
import { z } from 'zod'

/** A check may run for at most this many minutes. */
export const MAX_CHECK_MINUTES = 10

const group = z.int().min(1).max(99)

/** One line pattern of a problem matcher: the regexp and the group numbers of each field. */
export const problemPatternSchema = z.strictObject({
  regexp: z.string().min(1).max(2_000),
  file: group.optional(),
  fromPath: group.optional(),
  line: group.optional(),
  column: group.optional(),
  endLine: group.optional(),
  endColumn: group.optional(),
  severity: group.optional(),
  code: group.optional(),
  message: group.optional(),
  loop: z.boolean().optional()
})

/** One problem matcher: an owner, a default severity and one pattern a line (the last may loop). */
export const problemMatcherSchema = z.strictObject({
  owner: z.string().min(1).max(100),
  severity: z.string().max(20).optional(),
  pattern: z.array(problemPatternSchema).min(1).max(10)
})

/** A file of problem matchers, as `::add-matcher::` reads it. */
export const matcherFileSchema = z.object({ problemMatcher: z.array(problemMatcherSchema).min(1).max(20) })

export type ProblemPattern = z.infer<typeof problemPatternSchema>
export type ProblemMatcher = z.infer<typeof problemMatcherSchema>

/** Variables a check may never be given, whatever its `env` lists: keys, tokens and the runner's own. */
export const FORBIDDEN_ENV = /^(ANTHROPIC_|GITHUB_TOKEN$|ACTIONS_|INPUT_|AWS_|GOOGLE_)/i

/** A path inside the copy of the head tree: relative, without `..`. */
const treePath = z
  .string()
  .min(1)
  .max(500)
  .refine(
    path => !path.startsWith('/') && !path.split(/[\\/]/).includes('..'),
    'a path inside the repository'
  )

/** What a check may use unless its `limits` say otherwise. */
export const DEFAULT_LIMITS = { processes: 1_024, memoryMb: 4_096, fileSizeMb: 1_024, tmpMb: 1_024 } as const

const mebibytes = (what: string, fallback: number) =>
  z.int().min(1).max(1_048_576).describe(`${what} in MiB (default ${fallback}).`).optional()

export const limitsSchema = z.strictObject({
  processes: z
    .int()
    .min(8)
    .max(1_000_000)
    .describe(`Processes and threads at once (default ${DEFAULT_LIMITS.processes}).`)
    .optional(),
  'memory-mb': mebibytes('Memory of all its processes, /tmp included', DEFAULT_LIMITS.memoryMb),
  'file-size-mb': mebibytes('The largest file it may write', DEFAULT_LIMITS.fileSizeMb),
  'tmp-mb': mebibytes('The size of its /tmp, which /dev/shm shares', DEFAULT_LIMITS.tmpMb)
})

/** A folder of a toolchain the check reads: absolute, or under the runner's home as `~/…`; never `..`. */
const toolchainPath = z
  .string()
  .min(2)
  .max(500)
  .refine(
    path => (path.startsWith('/') || path.startsWith('~/')) && !path.split('/').includes('..'),
    'an absolute path or one starting with ~/, without ..'
  )

export const checkSchema = z
  .strictObject({
    name: z
      .string()
      .regex(/^[\w .:/@+-]{1,60}$/)
      .describe('What the check is called in the review, e.g. tsc or ruff.'),
    run: z
      .string()
      .min(1)
      .max(4_000)
      .describe('The shell command, run at the root of a copy of the head, in the sandbox, with no network.'),
    setup: z
      .string()
      .min(1)
      .max(4_000)
      .describe(
        'A command run before `run` on the same copy and HOME, with the network: npm ci --ignore-scripts, pip install.'
      )
      .optional(),
    toolchains: z
      .array(toolchainPath)
      .max(20)
      .describe('Folders of toolchains the check reads, read-only: ~/.rustup, ~/.cargo/bin, ~/go/pkg/mod.')
      .optional(),
    limits: limitsSchema
      .describe('What the check may use: processes, memory-mb, file-size-mb, tmp-mb.')
      .optional(),
    format: z
      .enum(['sarif', 'problem-matcher'])
      .describe('How its output is read: SARIF 2.1, or lines read by `matcher`.'),
    output: treePath
      .describe('The file the command writes its output to; standard output when absent.')
      .optional(),
    matcher: problemMatcherSchema
      .describe('For problem-matcher: { owner, pattern: [{ regexp, file, line, column, message, code }] }.')
      .optional(),
    env: z
      .array(
        z
          .string()
          .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
          .refine(
            name => !FORBIDDEN_ENV.test(name),
            'never ANTHROPIC_*, GITHUB_TOKEN, ACTIONS_*, INPUT_*, AWS_*, GOOGLE_*'
          )
      )
      .max(50)
      .describe('Names of variables the workflow set that the command is given.')
      .optional(),
    timeout: z
      .number()
      .gt(0)
      .max(MAX_CHECK_MINUTES)
      .describe(
        `Minutes the check may run, at most ${MAX_CHECK_MINUTES} (0.5 is 30 seconds); its setup has as long again.`
      )
  })
  .refine(check => check.format !== 'problem-matcher' || check.matcher !== undefined, {
    message: 'a problem-matcher check needs a matcher',
    path: ['matcher']
  })

export type CheckSpec = z.infer<typeof checkSchema>
export type CheckLimits = z.infer<typeof limitsSchema>

export const checksSchema = z.array(checkSchema).max(20)
