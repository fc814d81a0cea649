import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { block, reply } from '../testing/messages-server.js'
import { displayPath } from '../src/diff/paths.js'
import {
  expectFindingsKept,
  expectNoSecretAnywhere,
  findingsFile,
  firstUserText,
  reviewPosts,
  runOn,
  startWorld,
  toolResults,
  userLine,
  type Run,
  type World
} from './support/hardening-world.js'

jest.setTimeout(120_000)

const RISKY = 'export const risky = eval(process.argv[2] ?? "")'
const body = (name: string): string => `export const name = ${JSON.stringify(name)}\n${RISKY}\n`

/** Each odd path, with the file the pull request adds there. */
const ODD = {
  space: 'src/with space.ts',
  unicode: 'src/ünïcödé/файл-名前.ts',
  doubleQuote: 'src/say "hi".ts',
  singleQuote: "src/it's.ts",
  tab: 'src/tab\there.ts',
  newline: 'src/new\nline.ts',
  crlf: 'src/crlf.ts',
  noEol: 'src/no-eol.ts'
} as const

const FILES = {
  [ODD.space]: body('space'),
  [ODD.unicode]: body('unicode'),
  [ODD.doubleQuote]: body('double quote'),
  [ODD.singleQuote]: body('single quote'),
  [ODD.tab]: body('tab'),
  [ODD.newline]: body('newline'),
  [ODD.crlf]: body('crlf').replace(/\n/g, '\r\n'),
  [ODD.noEol]: body('no newline at the end').trimEnd(),
  'src/link.ts': { symlink: 'math.ts' },
  'vendor/lib': { gitlink: '0123456789abcdef0123456789abcdef01234567' }
}

const FINDING_PATHS = [ODD.space, ODD.unicode, ODD.doubleQuote, ODD.singleQuote, ODD.tab, ODD.crlf, ODD.noEol]

function finding(file: string): Record<string, unknown> {
  return {
    severity: 'high',
    category: 'security',
    file,
    title: `eval of a command-line argument in ${JSON.stringify(file)}`,
    description: 'Any argument becomes code.',
    start_line: 2,
    end_line: 2,
    quote: RISKY
  }
}

let w: World
let result: Run

beforeAll(async () => {
  w = await startWorld({ base: { 'src/math.ts': 'export const one = 1\n' }, commits: [{ files: FILES }] })
  w.messages.push(
    reply.blocks([
      ...FINDING_PATHS.map(path => block.toolUse('read_file', { path })),
      block.toolUse('read_file', { path: ODD.newline }),
      block.toolUse('read_file', { path: 'src/link.ts' }),
      block.toolUse('read_file', { path: 'vendor/lib' })
    ]),
    reply.blocks([
      block.toolUse('search_code', { pattern: 'eval(', fixed: true }),
      block.toolUse('get_diff', { path: ODD.crlf }),
      block.toolUse('get_diff', { path: ODD.noEol }),
      block.toolUse('list_directory', { path: 'src' })
    ]),
    reply.blocks(FINDING_PATHS.map(path => block.toolUse('add_finding', finding(path)))),
    reply.toolUse('publish_review', { summary: 'eval in every new file.' })
  )
  result = await runOn(w)
})

afterAll(async () => {
  await w?.close()
})

describe('paths', () => {
  it('reviews the pull request', () => {
    expect(result.stderr).toBe('')
    expect(result.exitCode).toBe(0)
    expect(userLine(result)).toMatch(/^Review posted: /)
    expect(w.messages.remaining()).toBe(0)
    expectNoSecretAnywhere(w, result, [])
  })

  it('reads every odd path, and refuses a newline in a path the model gives with a clear error', () => {
    const reads = toolResults(w.messages.requests[1]!)
    expect(reads).toHaveLength(FINDING_PATHS.length + 3)
    FINDING_PATHS.forEach((path, i) => {
      expect(reads[i]).toContain(`${path} at head `)
      expect(reads[i]).toContain(RISKY)
    })
    // CRLF is read as plain lines, with no carriage return left over.
    expect(reads[FINDING_PATHS.indexOf(ODD.crlf)]).not.toContain('\\r')
    expect(reads[FINDING_PATHS.length]).toContain('control character')
    expect(reads[FINDING_PATHS.length + 1]).toContain('via symbolic link to src/math.ts')
    expect(reads[FINDING_PATHS.length + 2]).toContain('vendor/lib is a submodule')
  })

  it('names every odd path in search results, diffs and listings', () => {
    const [search, crlf, noEol, listing] = toolResults(w.messages.requests[2]!)
    for (const path of FINDING_PATHS) expect(search).toContain(`${path}:2:`)
    expect(crlf).toContain(RISKY)
    expect(crlf).not.toContain('\\r')
    expect(noEol).toContain(RISKY)
    expect(listing).toContain('with space.ts')
    expect(listing).toContain('link.ts (symbolic link)')
  })

  it('lists the files for the model, the submodule and the link skipped or shown as such', () => {
    const context = firstUserText(w.messages.requests[0]!)
    // Control characters in a name are shown escaped, so one file is always one line.
    for (const path of FINDING_PATHS)
      expect(context).toContain(JSON.stringify(displayPath(path)).slice(1, -1))
    expect(context).toMatch(/vendor\/lib \([^)]*\): submodule pointer/)
  })

  it('posts findings on the exact paths and keeps every finding in the findings file and the summary', () => {
    const [post] = reviewPosts(w)
    const inline = (post?.comments ?? []).map(c => c.path)
    expect(inline).toHaveLength(4)
    for (const path of inline) expect(FINDING_PATHS).toContain(path)
    expectFindingsKept(
      result,
      FINDING_PATHS.map(path => String(finding(path).title))
    )
    expect(
      findingsFile(result)
        .findings.map(f => f.file)
        .sort()
    ).toEqual([...FINDING_PATHS].sort())
  })
})
