/**
 * Scores a review set with the scorer beside this file and prints the score as JSON. The mutation checks
 * run it from copies of eval/ in which one rule of the scorer is removed (eval/mutants.ts).
 */
import { readFileSync } from 'node:fs'
import type { RunRecord } from './model.js'
import { scoreReviewSet } from './review-set.js'

const file = process.argv[2]
if (!file) {
  console.error('usage: tsx eval/mutant-score.ts <review-set.json>')
  process.exit(2)
}
const records = JSON.parse(readFileSync(file, 'utf8')) as RunRecord[]
process.stdout.write(`${JSON.stringify(await scoreReviewSet(records))}\n`)
