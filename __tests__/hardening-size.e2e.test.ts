import { afterAll, afterEach, describe, expect, it, jest } from '@jest/globals'
import { appendFileSync } from 'node:fs'
import { reply, type Step } from '../testing/messages-server.js'
import { SECRET_FORMS } from './support/secrets.js'
import {
  expectFindingsKept,
  expectNoSecretAnywhere,
  firstUserText,
  reviewPosts,
  runOn,
  startWorld,
  toolResults,
  userLine,
  type Run,
  type World
} from './support/hardening-world.js'

jest.setTimeout(150_000)

/**
 * Sizes are measured on every run; set REDLINE_TEST_MEASUREMENTS to a file path to keep them (one JSON line
 * per case).
 */
const measurements: Array<Record<string, unknown>> = []

/** Far below the model's context window, and what a prompt of about 160,000 characters of diff needs. */
const MAX_REQUEST_BYTES = 450_000

let w: World | undefined

afterEach(async () => {
  await w?.close()
  w = undefined
})

afterAll(() => {
  const file = process.env['REDLINE_TEST_MEASUREMENTS']
  if (file) for (const m of measurements) appendFileSync(file, `${JSON.stringify(m)}\n`)
})

function record(name: string, world: World, result: Run): void {
  const sizes = world.messages.requests.map(r => Buffer.byteLength(r.raw))
  measurements.push({
    case: name,
    exitCode: result.exitCode,
    line: userLine(result),
    wallMs: Math.round(result.measured?.wallMs ?? 0),
    maxRssMb: Math.round(result.measured?.maxRssMb ?? 0),
    modelRequests: sizes.length,
    largestRequestBytes: Math.max(0, ...sizes),
    totalRequestBytes: sizes.reduce((a, b) => a + b, 0)
  })
  for (const size of sizes) expect(size).toBeLessThan(MAX_REQUEST_BYTES)
  expectNoSecretAnywhere(world, result, [])
}

const MATH = 'export function add(a: number, b: number): number {\n  return a + b\n}\n'

describe('size', () => {
  it('reviews 3,000 changed files whole, in passes that each fit one message', async () => {
    const files: Record<string, string> = {}
    for (let i = 0; i < 3000; i++) {
      const n = String(i).padStart(4, '0')
      files[`src/modules/m${n}.ts`] = `export function f${n}(x: number): number {\n  return x + ${i}\n}\n`
    }
    w = await startWorld({ base: { 'src/math.ts': MATH }, commits: [{ files }] })
    // Every pass publishes at once; the request without tools is the final summary.
    const publishing: Step = request =>
      request.body.tools === undefined
        ? reply.text('Three thousand small modules.')
        : reply.toolUse('publish_review', { summary: 'Small modules.' })
    w.messages.push(...Array.from({ length: 20 }, () => publishing))
    const result = await runOn(w, { measure: true })
    record('3,000 files', w, result)
    expect(result.exitCode).toBe(0)
    expect(userLine(result)).toMatch(/^Review posted: /)
    const context = firstUserText(w.messages.requests[0]!)
    expect(context).toContain('Files changed: 3000')
    expect(context).toMatch(/reviewed in \d+ passes/)
    expect(result.outputs['coverage']).toBe('3000/3000')
    expect(reviewPosts(w)).toHaveLength(1)
    expectFindingsKept(result, [])
  })

  it('reviews a 10 MB single-file diff with every request bounded', async () => {
    const line = (i: number): string =>
      `export const value${String(i).padStart(6, '0')} = ${i} // ${'d'.repeat(20)}\n`
    const big = Array.from({ length: 200_000 }, (_, i) => line(i)).join('')
    expect(big.length).toBeGreaterThan(10_000_000)
    w = await startWorld({ base: { 'src/math.ts': MATH }, commits: [{ files: { 'src/table.ts': big } }] })
    w.messages.push(
      reply.toolUse('get_diff', { path: 'src/table.ts' }),
      reply.toolUse('read_file', { path: 'src/table.ts', start_line: 199_990 }),
      reply.toolUse('search_code', { pattern: 'value19999[0-9]', path: 'src' }),
      reply.toolUse('add_finding', {
        severity: 'low',
        category: 'maintainability',
        file: 'src/table.ts',
        title: 'A 10 MB table belongs in a data file',
        description: 'Two hundred thousand constants are hard to review and slow to compile.',
        start_line: 3,
        end_line: 3,
        quote: 'export const value000002 = 2'
      }),
      reply.toolUse('publish_review', { summary: 'One very large generated-looking table.' })
    )
    const result = await runOn(w, { measure: true })
    record('10 MB single-file diff', w, result)
    expect(result.exitCode).toBe(0)
    expect(userLine(result)).toMatch(/^Review posted: /)
    const [diff, read, search] = w.messages.requests.slice(1, 4).map(r => toolResults(r)[0] ?? '')
    expect(diff).toMatch(/truncated/)
    expect(read).toContain('value199999')
    expect(search).toContain('src/table.ts:199991:')
    expectFindingsKept(result, ['A 10 MB table belongs in a data file'])
  })

  it('handles 200,000-character lines, redacting a secret at the point where a line is cut', async () => {
    const secret = SECRET_FORMS.find(form => form.name === 'GitHub token')!
    // The diff shows 1,000 characters of a line and the tools 500: the token straddles each cut.
    const wide = [
      `export const a = '${'a'.repeat(200_000)}'`,
      `const pad = '${'p'.repeat(950)}'; ${secret.line}; const rest = '${'r'.repeat(199_000)}'`,
      `const pad2 = '${'q'.repeat(450)}'; ${secret.line}; const rest2 = '${'s'.repeat(199_000)}'`,
      ''
    ].join('\n')
    w = await startWorld({ base: { 'src/math.ts': MATH }, commits: [{ files: { 'src/wide.ts': wide } }] })
    w.messages.push(
      reply.toolUse('read_file', { path: 'src/wide.ts' }),
      reply.toolUse('search_code', { pattern: 'const', path: 'src/wide.ts' }),
      reply.toolUse('get_diff', { path: 'src/wide.ts' }),
      reply.toolUse('publish_review', { summary: 'Very long lines.' })
    )
    const result = await runOn(w, { measure: true })
    record('200,000-character lines', w, result)
    expect(result.exitCode).toBe(0)
    expect(userLine(result)).toMatch(/^Review posted: /)
    expectNoSecretAnywhere(w, result, [secret.secret, secret.secret.slice(0, 12)])
    const read = toolResults(w.messages.requests[1]!)[0] ?? ''
    expect(read).toMatch(/more characters\]/)
  })

  it('answers a binary-only pull request without calling the model', async () => {
    const png = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(4096, 0)])
    w = await startWorld({ base: { 'src/math.ts': MATH }, commits: [{ files: { 'assets/logo.png': png } }] })
    const result = await runOn(w, { measure: true })
    record('binary-only', w, result)
    expect(result.exitCode).toBe(0)
    expect(w.messages.requests).toHaveLength(0)
    expect(userLine(result)).toMatch(/^Review posted: /)
    const [post] = reviewPosts(w)
    expect(post?.body).toContain('assets/logo.png')
    expect(post?.body).toMatch(/binary/)
    expectFindingsKept(result, [])
  })

  it('answers a pull request with no changed lines (a rename and an empty file) without calling the model', async () => {
    w = await startWorld({
      base: { 'src/math.ts': MATH },
      commits: [{ renames: { 'src/math.ts': 'src/arith.ts' }, files: { 'src/empty.ts': '' } }]
    })
    const result = await runOn(w, { measure: true })
    record('no changed lines', w, result)
    expect(result.exitCode).toBe(0)
    expect(w.messages.requests).toHaveLength(0)
    expect(userLine(result)).toMatch(/^Review posted: /)
    const [post] = reviewPosts(w)
    expect(post?.body).toContain('src/arith.ts')
    expectFindingsKept(result, [])
  })
})
