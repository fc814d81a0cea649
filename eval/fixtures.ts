/**
 * Reads fixtures from their directories: `fixture.json`, the `base/` tree, the `head/` overlay (files the
 * pull request adds or changes), an optional `fix/` overlay for the follow-up commit, and one JSON file per
 * defect in `golden/`. A malformed file is reported with its path and the field that is wrong.
 */
import { readdir, readFile, stat } from 'node:fs/promises'
import * as path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { SEVERITIES } from '../src/findings/severity.js'
import { isHoldout } from './holdout.js'
import { CATEGORIES, DEFECT_CLASSES, type Fixture, type GoldenDefect, type Tree } from './model.js'
import { NEUTRAL_FIX_MESSAGE } from './pr.js'

export const FIXTURES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures')
/**
 * Shared base repositories: a fixture names one with `codebase`, and its `base/` only adds to it. They sit
 * under fixtures/ so that the linters leave their code alone; a directory starting with `_` is no fixture.
 */
export const CODEBASES_DIR = path.join(FIXTURES_DIR, '_codebases')

const fixtureSchema = z
  .object({
    language: z.string().min(1),
    title: z.string().min(1),
    body: z.string(),
    clean: z.boolean().optional(),
    deleted: z.array(z.string()).optional(),
    codebase: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .optional()
  })
  .strict()

const line = z.number().int().min(1)

export const goldenSchema = z
  .object({
    file: z.string().min(1),
    lines: z.tuple([line, line]),
    locations: z
      .array(
        z
          .object({ file: z.string().min(1), start: line, end: line, role: z.enum(['cause', 'symptom']) })
          .strict()
      )
      .min(1),
    kind: z.string().min(1),
    defectClass: z.enum(DEFECT_CLASSES).optional(),
    multiHop: z.boolean().optional(),
    category: z.enum(CATEGORIES),
    severity: z.enum(SEVERITIES),
    description: z.string().min(1).max(400),
    suggestion: z.string().optional(),
    fixedBy: z.literal('fix').optional()
  })
  .strict()

export type GoldenInput = z.infer<typeof goldenSchema>

export class FixtureError extends Error {}

async function isDirectory(dir: string): Promise<boolean> {
  return stat(dir).then(
    s => s.isDirectory(),
    () => false
  )
}

/** Every file under `dir`, keyed by its path relative to `dir` with `/` separators. */
export async function readTree(dir: string): Promise<Tree> {
  const tree: Tree = {}
  if (!(await isDirectory(dir))) return tree
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const full = path.join(entry.parentPath, entry.name)
    tree[path.relative(dir, full).split(path.sep).join('/')] = await readFile(full, 'utf8')
  }
  return tree
}

async function readJson(file: string): Promise<unknown> {
  const text = await readFile(file, 'utf8')
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new FixtureError(`${file}: not valid JSON (${(error as Error).message})`)
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown, file: string): T {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const problems = result.error.issues.map(i => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')
  throw new FixtureError(`${file}: ${problems}`)
}

export function toDefect(id: string, input: GoldenInput): GoldenDefect {
  return {
    id,
    file: input.file,
    lines: input.lines,
    locations: input.locations,
    kind: input.kind,
    ...(input.defectClass === undefined ? {} : { defectClass: input.defectClass }),
    multiHop: input.multiHop ?? false,
    category: input.category,
    severity: input.severity,
    description: input.description,
    ...(input.suggestion === undefined ? {} : { suggestion: input.suggestion }),
    ...(input.fixedBy === undefined ? {} : { fixedBy: input.fixedBy })
  }
}

export async function loadFixture(dir: string): Promise<Fixture> {
  const id = path.basename(dir)
  const metaFile = path.join(dir, 'fixture.json')
  const meta = parse(fixtureSchema, await readJson(metaFile), metaFile)
  const codebase = meta.codebase ? path.join(CODEBASES_DIR, meta.codebase) : undefined
  if (codebase && !(await isDirectory(codebase)))
    throw new FixtureError(`${metaFile}: codebase: no directory ${codebase}`)
  const [shared, own, head, fixFiles] = await Promise.all([
    codebase ? readTree(codebase) : Promise.resolve({}),
    readTree(path.join(dir, 'base')),
    readTree(path.join(dir, 'head')),
    readTree(path.join(dir, 'fix'))
  ])
  const base: Tree = { ...shared, ...own }
  const goldenDir = path.join(dir, 'golden')
  const goldenFiles = (await isDirectory(goldenDir))
    ? (await readdir(goldenDir)).filter(name => name.endsWith('.json')).sort()
    : []
  const golden: GoldenDefect[] = []
  for (const name of goldenFiles) {
    const file = path.join(goldenDir, name)
    golden.push(
      toDefect(`${id}/${name.replace(/\.json$/, '')}`, parse(goldenSchema, await readJson(file), file))
    )
  }
  const clean = meta.clean ?? false
  if (clean && golden.length > 0) throw new FixtureError(`${dir}: a clean fixture has no golden defects`)
  if (!clean && golden.length === 0) throw new FixtureError(`${dir}: no golden defect and not marked clean`)
  if (Object.keys(head).length === 0 && (meta.deleted ?? []).length === 0) {
    throw new FixtureError(`${dir}: head/ changes nothing`)
  }
  const hasFix = Object.keys(fixFiles).length > 0
  if (hasFix !== golden.some(d => d.fixedBy === 'fix')) {
    throw new FixtureError(
      `${dir}: a fix/ commit needs at least one golden defect with "fixedBy": "fix", and back`
    )
  }
  return {
    id,
    language: meta.language,
    title: meta.title,
    body: meta.body,
    holdout: isHoldout(id),
    clean,
    ...(meta.codebase ? { codebase: meta.codebase } : {}),
    base,
    head,
    deleted: meta.deleted ?? [],
    ...(hasFix ? { fix: { files: fixFiles, message: NEUTRAL_FIX_MESSAGE } } : {}),
    golden
  }
}

/** Every fixture under `root`, in name order; `only` keeps the named ones. */
export async function loadFixtures(root = FIXTURES_DIR, only?: readonly string[]): Promise<Fixture[]> {
  const names = (await readdir(root, { withFileTypes: true }))
    .filter(entry => entry.isDirectory() && !entry.name.startsWith('_'))
    .map(entry => entry.name)
    .sort()
  const wanted = only && only.length > 0 ? names.filter(name => only.includes(name)) : names
  if (only) {
    const unknown = only.filter(name => !names.includes(name))
    if (unknown.length > 0) throw new FixtureError(`no such fixture: ${unknown.join(', ')}`)
  }
  return Promise.all(wanted.map(name => loadFixture(path.join(root, name))))
}
