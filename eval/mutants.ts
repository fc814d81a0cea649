/**
 * Mutation checks of the scorer that mutate: each mutant is a copy of the eval's code in which one rule of
 * `match.ts`, `score.ts` or `judge.ts` is removed by a textual edit. The copy is loaded in a child process
 * in place of the real files and scores the fixed review set (eval/review-set.ts). The check passes when
 * the real scorer gives the set's known score and every mutant gives another; a mutation whose code is no
 * longer in its file fails too, so a rule rewritten by hand cannot leave its check behind silently.
 */
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
import { fileURLToPath } from 'node:url'
import type { ReviewSet, SetScore } from './review-set.js'

const EVAL_DIR = path.dirname(fileURLToPath(import.meta.url))
const ROOT = path.resolve(EVAL_DIR, '..')

export interface Mutant {
  name: string
  file: 'match.ts' | 'score.ts' | 'judge.ts'
  /** Exact code in the real file, and what replaces it in the copy. */
  find: string
  replace: string
  /** Code added to the end of the copy (a helper the replacement calls). */
  append?: string
}

export const MUTANTS: readonly Mutant[] = [
  {
    name: 'file check removed',
    file: 'match.ts',
    find: 'location.file === comment.file && ',
    replace: ''
  },
  {
    name: 'line tolerance removed',
    file: 'match.ts',
    find: 'start <= location.end + tolerance && end >= location.start - tolerance',
    replace: 'start > 0 && end > 0'
  },
  {
    name: 'one-to-one matching removed',
    file: 'match.ts',
    find: 'const pairs = maximumMatching(',
    replace: 'const pairs = everyAllowedPair(',
    append:
      '\nfunction everyAllowedPair(left: readonly string[], right: readonly string[], ' +
      'allowed: (l: string, r: string) => boolean): Array<[string, string]> {\n' +
      '  return left.flatMap(l => right.filter(r => allowed(l, r)).map(r => [l, r] as [string, string]))\n}\n'
  },
  {
    name: 'clean-PR noise count removed',
    file: 'score.ts',
    find: "sum + run.comments.filter(c => atLeast(c.severity, 'medium')).length",
    replace: 'sum + 0 * run.comments.length'
  },
  {
    name: 'judge threshold removed',
    file: 'judge.ts',
    find: 'd.description) >= threshold)',
    replace: 'd.description) >= 0)'
  }
]

export interface MutantResult {
  mutant: string
  file: string
  score?: SetScore
  /** Empty when the mutant was caught: it changed the score. */
  problems: string[]
}

/** A copy of the eval's code with one mutation made; src/ and node_modules/ are linked, not copied. */
export function mutantCopy(mutant: Mutant, evalDir = EVAL_DIR): { dir: string; problem?: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'redline-mutant-'))
  const root = path.resolve(evalDir, '..')
  mkdirSync(path.join(dir, 'eval'))
  for (const name of readdirSync(evalDir).filter(n => n.endsWith('.ts')))
    copyFileSync(path.join(evalDir, name), path.join(dir, 'eval', name))
  for (const link of ['src', 'testing', 'node_modules', 'package.json'])
    symlinkSync(path.join(root, link), path.join(dir, link))
  const target = path.join(dir, 'eval', mutant.file)
  const code = readFileSync(target, 'utf8')
  const at = code.indexOf(mutant.find)
  if (at < 0 || code.indexOf(mutant.find, at + 1) >= 0)
    return {
      dir,
      problem: `'${mutant.find}' is ${at < 0 ? 'not' : 'more than once'} in eval/${mutant.file}: the mutation cannot be made`
    }
  const mutated =
    code.slice(0, at) + mutant.replace + code.slice(at + mutant.find.length) + (mutant.append ?? '')
  writeFileSync(target, mutated)
  return { dir }
}

function scoreIn(dir: string, setFile: string): Promise<SetScore> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(ROOT, 'node_modules', '.bin', 'tsx'),
      [path.join(dir, 'eval', 'mutant-score.ts'), setFile],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 120_000
      }
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('error', reject)
    child.once('close', code => {
      if (code !== 0)
        return reject(new Error(`the mutant's scorer exited ${code}: ${stderr.trim().slice(0, 400)}`))
      try {
        resolve(JSON.parse(stdout) as SetScore)
      } catch {
        reject(new Error(`the mutant's scorer printed no score: ${stdout.slice(0, 200)}`))
      }
    })
  })
}

const same = (a: SetScore, b: SetScore): boolean => JSON.stringify(a) === JSON.stringify(b)

/** Problems of the real scorer's score against the set's known right score. */
export function realProblems(set: ReviewSet, real: SetScore): string[] {
  const problems: string[] = []
  if (real.located.matched !== set.expected.located)
    problems.push(
      `mutation checks: the real scorer matched ${real.located.matched} comments of the review set; ` +
        `${set.expected.located} are right by construction`
    )
  if (real.cleanNoise !== set.expected.cleanNoise)
    problems.push(
      `mutation checks: the real scorer counted ${real.cleanNoise} medium+ comments on clean PRs; ` +
        `the set holds ${set.expected.cleanNoise}`
    )
  return problems
}

/** Runs every mutant in parallel over the set and compares its score with the real one. */
export async function runMutants(
  set: ReviewSet,
  real: SetScore,
  mutants: readonly Mutant[] = MUTANTS
): Promise<MutantResult[]> {
  const work = mkdtempSync(path.join(tmpdir(), 'redline-review-set-'))
  const setFile = path.join(work, 'set.json')
  writeFileSync(setFile, JSON.stringify(set.records))
  try {
    return await Promise.all(
      mutants.map(async mutant => {
        const copy = mutantCopy(mutant)
        const result: MutantResult = { mutant: mutant.name, file: mutant.file, problems: [] }
        try {
          if (copy.problem) {
            result.problems.push(`mutant '${mutant.name}': ${copy.problem}`)
            return result
          }
          result.score = await scoreIn(copy.dir, setFile)
          if (same(result.score, real))
            result.problems.push(
              `mutant '${mutant.name}' (eval/${mutant.file}) scores the review set exactly as the real scorer does: ` +
                'that rule is not tested'
            )
        } catch (error) {
          result.problems.push(`mutant '${mutant.name}': ${(error as Error).message}`)
        } finally {
          rmSync(copy.dir, { recursive: true, force: true })
        }
        return result
      })
    )
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}
