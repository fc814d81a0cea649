import { afterAll, describe, expect, it, jest } from '@jest/globals'
import { spawn } from 'node:child_process'
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { loadFixtures } from '../../eval/fixtures.js'
import { MUTANTS, mutantCopy, runMutants } from '../../eval/mutants.js'
import { buildReviewSet, scoreReviewSet } from '../../eval/review-set.js'

jest.setTimeout(240_000)

const ROOT = path.resolve(import.meta.dirname, '../..')
const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** A copy of the repository's eval code (fixtures, src, the stand-ins and node_modules linked) with one edit. */
function repositoryCopy(file: string, from: string, to: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'redline-eval-copy-'))
  dirs.push(dir)
  mkdirSync(path.join(dir, 'eval'))
  for (const name of readdirSync(path.join(ROOT, 'eval')).filter(n => n.endsWith('.ts')))
    copyFileSync(path.join(ROOT, 'eval', name), path.join(dir, 'eval', name))
  symlinkSync(path.join(ROOT, 'eval', 'fixtures'), path.join(dir, 'eval', 'fixtures'))
  for (const link of ['src', 'testing', 'node_modules', 'package.json', 'tsconfig.json'])
    symlinkSync(path.join(ROOT, link), path.join(dir, link))
  const target = path.join(dir, 'eval', file)
  const code = readFileSync(target, 'utf8')
  expect(code).toContain(from)
  writeFileSync(target, code.replace(from, to))
  return dir
}

function validateIn(dir: string) {
  return new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
    const child = spawn(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      [path.join(dir, 'eval/cli.ts'), '--validate', '--fixtures', 'ts-reorder'],
      { cwd: dir, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] }
    )
    let stdout = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.resume()
    child.once('error', reject)
    child.once('close', code => resolve({ code, stdout }))
  })
}

describe('the mutation checks mutate the scorer', () => {
  it('catch every mutant on the fixed review set, whose right score the real scorer gives', async () => {
    const set = buildReviewSet(await loadFixtures())
    const real = await scoreReviewSet(set.records)
    expect(real.located.matched).toBe(set.expected.located)
    expect(real.cleanNoise).toBe(set.expected.cleanNoise)
    const results = await runMutants(set, real)
    expect(results.map(r => [r.mutant, r.problems])).toEqual(MUTANTS.map(m => [m.name, []]))
    const byName = new Map(results.map(r => [r.mutant, r.score!]))
    // Each rule's removal shows where a reader would expect it.
    expect(byName.get('file check removed')!.located.matched).toBeGreaterThan(real.located.matched)
    expect(byName.get('line tolerance removed')!.located.matched).toBeGreaterThan(real.located.matched)
    expect(byName.get('one-to-one matching removed')!.located.matched).toBeGreaterThan(real.located.matched)
    expect(byName.get('clean-PR noise count removed')!.cleanNoise).toBe(0)
    expect(byName.get('judge threshold removed')!.located.matched).toBeGreaterThan(real.located.matched)
  })

  it('report a mutation that changes nothing, and one whose code is gone', async () => {
    const set = buildReviewSet(await loadFixtures())
    const real = await scoreReviewSet(set.records)
    const results = await runMutants(set, real, [
      {
        name: 'a comment added',
        file: 'match.ts',
        find: 'export const LINE_TOLERANCE',
        replace: '// x\nexport const LINE_TOLERANCE'
      },
      { name: 'gone', file: 'score.ts', find: 'no such code', replace: '' }
    ])
    expect(results[0]!.problems.join()).toMatch(/scores the review set exactly as the real scorer does/)
    expect(results[1]!.problems.join()).toMatch(/'no such code' is not in eval\/score\.ts/)
    const copy = mutantCopy(MUTANTS[0]!)
    dirs.push(copy.dir)
    expect(readFileSync(path.join(copy.dir, 'eval', 'match.ts'), 'utf8')).not.toContain(MUTANTS[0]!.find)
  })

  it('make --validate fail on a copy whose match.ts ignores the file, and on one whose score.ts counts no clean noise', async () => {
    const noFile = repositoryCopy('match.ts', 'location.file === comment.file &&', 'true &&')
    const noNoise = repositoryCopy(
      'score.ts',
      'const clean = runs.filter(run => run.clean)',
      'const clean = runs.filter(run => run.clean && false)'
    )
    const [a, b] = await Promise.all([validateIn(noFile), validateIn(noNoise)])
    expect(a.code).toBe(1)
    expect(a.stdout).toMatch(
      /the real scorer matched \d+ comments of the review set; \d+ are right by construction/
    )
    expect(a.stdout).toMatch(/mutant 'file check removed': .* is not in eval\/match\.ts/)
    expect(b.code).toBe(1)
    expect(b.stdout).toMatch(/the real scorer counted 0 medium\+ comments on clean PRs; the set holds \d+/)
    expect(b.stdout).toMatch(
      /mutant 'clean-PR noise count removed' \(eval\/score\.ts\) scores the review set exactly as/
    )
  })
})
