import { PROMPT_DIFF_CHARS, renderedLength } from '../diff/prompt-diff.js'
import type { ReviewableFile, TriageResult } from '../diff/triage.js'

/** The files one review pass shows in its first message. */
export interface PassFiles {
  files: ReviewableFile[]
}

function directoryOf(path: string): string {
  const slash = path.lastIndexOf('/')
  return slash === -1 ? '' : path.slice(0, slash)
}

/** The order of String#localeCompare without arguments, at a fraction of its cost per comparison. */
const byLocale = new Intl.Collator().compare

/** `src/a.test.ts`, `src/__tests__/a.ts`, `tests/test_a.py` and `a_test.go` all belong with `a`. */
function stemOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1)
  // The name without its last extension, as /\.[^.]+$/ would leave it.
  const dot = name.lastIndexOf('.')
  const stem = dot >= 0 && dot < name.length - 1 ? name.slice(0, dot) : name
  const lower = stem.toLowerCase()
  // Most names hold neither word: three replacements for each of 300 files took 1.5 ms of a fresh process.
  if (!lower.includes('test') && !lower.includes('spec')) return lower
  return stem
    .replace(/([._-](test|spec|tests))$/i, '')
    .replace(/^(test_|tests_)/i, '')
    .toLowerCase()
}

/** The directory of a test's source: `src/__tests__`, `src/tests` and `src/spec` stand for `src`. */
function sourceDirectoryOf(path: string): string {
  const directory = directoryOf(path)
  if (!directory.includes('test') && !directory.includes('spec')) return directory
  return directory.replace(/(^|\/)(__tests__|tests?|spec)$/, '')
}

/** What a file takes of a first message's diff: its rendered diff and the blank line after it. */
function sizeOf(entry: ReviewableFile): number {
  return renderedLength(entry, entry.shownLines) + 2
}

/**
 * Groups the reviewable files into batches whose first-message diff fits `maxChars`, keeping related files
 * together: a test goes with the source it tests, and a directory stays in one batch while it fits. A file too
 * large for any batch has one of its own, cut at the cap like any large file. The order within a batch is the
 * pull request's, so a pull request that fits in one batch is shown exactly as before.
 */
export function planPasses(triage: TriageResult, maxChars: number = PROMPT_DIFF_CHARS): PassFiles[] {
  const entries = triage.reviewable
  if (entries.length === 0) return []
  const sizes = new Map(entries.map(entry => [entry, sizeOf(entry)]))
  let total = 0
  for (const size of sizes.values()) total += size
  if (total <= maxChars) return [{ files: [...entries] }]
  const batches = packUnits(unitsOf(entries, sizes), sizes, maxChars)
  const order = new Map(entries.map((entry, i) => [entry, i]))
  for (const batch of batches) batch.files.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0))
  return batches
}

/** Files that go together, their size, and where they stand: by directory, then by the first one's place. */
interface Unit {
  files: ReviewableFile[]
  size: number
  rank: number
  first: number
}

/** Units: a source file and the tests named after it, in the same or a test directory; in directory order. */
function unitsOf(entries: ReviewableFile[], sizes: ReadonlyMap<ReviewableFile, number>): Unit[] {
  const byStem = new Map<string, { files: ReviewableFile[]; directory: string; first: number }>()
  for (const [i, entry] of entries.entries()) {
    const directory = sourceDirectoryOf(entry.file.path)
    const key = `${directory}|${stemOf(entry.file.path)}`
    const unit = byStem.get(key)
    if (unit) unit.files.push(entry)
    else byStem.set(key, { files: [entry], directory, first: i })
  }
  // Directories in path order, so neighbours share a batch. The collator ranks each directory once, not on
  // every comparison of a large pull request's sort; directories it holds equal share a rank.
  const directories = [...new Set([...byStem.values()].map(unit => unit.directory))].sort(byLocale)
  const rank = new Map<string, number>()
  directories.forEach((directory, i) => {
    const previous = directories[i - 1]
    const same = previous !== undefined && byLocale(previous, directory) === 0
    rank.set(directory, same ? (rank.get(previous) as number) : i)
  })
  const units = [...byStem.values()].map(unit => ({
    files: unit.files,
    size: unit.files.reduce((sum, entry) => sum + (sizes.get(entry) as number), 0),
    rank: rank.get(unit.directory) as number,
    first: unit.first
  }))
  return units.sort((a, b) => a.rank - b.rank || a.first - b.first)
}

/** Fills batches up to `maxChars` with whole units; a unit too large together is split file by file. */
function packUnits(units: Unit[], sizes: ReadonlyMap<ReviewableFile, number>, maxChars: number): PassFiles[] {
  const batches: PassFiles[] = []
  let current: ReviewableFile[] = []
  let used = 0
  const add = (files: ReviewableFile[], size: number): void => {
    if (used + size > maxChars) {
      if (current.length > 0) batches.push({ files: current })
      current = []
      used = 0
    }
    current.push(...files)
    used += size
  }
  for (const unit of units) {
    if (unit.size <= maxChars) {
      add(unit.files, unit.size)
      continue
    }
    // Too large together: each file goes where it fits, and one too large for any batch goes alone.
    for (const entry of unit.files) {
      const size = sizes.get(entry) as number
      if (size > maxChars) batches.push({ files: [entry] })
      else add([entry], size)
    }
  }
  if (current.length > 0) batches.push({ files: current })
  return batches
}
