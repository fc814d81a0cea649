/**
 * The release workflow's checks, before a tag `vX.Y.Z` becomes a release: package.json has that version,
 * CHANGELOG.md has a section for it (whose text becomes the release notes), the reusable workflow names the
 * action of the same major version, and the committed dist/ is exactly what the source builds. The build is made by the caller (`npm run bundle` into another directory), so the
 * check itself is a comparison. Every problem is listed, one line each, and the exit status is 1.
 *
 * Usage: tsx scripts/release-check.ts --tag vX.Y.Z --built DIR [--notes FILE] [--root DIR]
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'

const TAG = /^v(\d+)\.(\d+)\.(\d+)$/

/** The version a tag names, or undefined when it is not `vX.Y.Z`. */
export function versionOfTag(tag: string): string | undefined {
  const match = TAG.exec(tag)
  return match ? `${match[1]}.${match[2]}.${match[3]}` : undefined
}

/**
 * The text of the CHANGELOG section for `version` ("## [1.2.3] - 2026-12-03" in Keep a Changelog's form),
 * without its heading, or undefined when there is none or it is empty.
 */
export function changelogSection(changelog: string, version: string): string | undefined {
  const lines = changelog.replace(/\r\n?/g, '\n').split('\n')
  const heading = (line: string): string | undefined => /^## \[([^\]]+)\]/.exec(line)?.[1]
  const start = lines.findIndex(line => heading(line) === version)
  if (start < 0) return undefined
  const next = lines.findIndex((line, i) => i > start && (/^## /.test(line) || /^\[[^\]]+\]: /.test(line)))
  const text = lines
    .slice(start + 1, next < 0 ? undefined : next)
    .join('\n')
    .trim()
  return text === '' ? undefined : text
}

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap(name => {
      const path = join(dir, name)
      return statSync(path).isDirectory() ? filesUnder(path, `${prefix}${name}/`) : [`${prefix}${name}`]
    })
}

/** How the committed dist/ differs from a fresh build: files missing, extra or different (at most a few named). */
export function distDifferences(committed: string, built: string): string[] {
  if (!existsSync(committed)) return ['dist/ is missing']
  const have = new Set(filesUnder(committed))
  const want = filesUnder(built)
  const missing = want.filter(name => !have.has(name))
  const extra = [...have].filter(name => !want.includes(name))
  const changed = want.filter(
    name => have.has(name) && !readFileSync(join(committed, name)).equals(readFileSync(join(built, name)))
  )
  const list = (names: string[]): string =>
    names.slice(0, 5).join(', ') + (names.length > 5 ? `, and ${names.length - 5} more` : '')
  return [
    ...(missing.length > 0 ? [`missing from dist/: ${list(missing)}`] : []),
    ...(extra.length > 0 ? [`not built from src/: ${list(extra.map(name => `dist/${name}`))}`] : []),
    ...(changed.length > 0 ? [`different from the build: ${list(changed.map(name => `dist/${name}`))}`] : [])
  ]
}

/** The reusable workflow, which names the action and its preparing step by major version. */
export const REUSABLE_WORKFLOW = '.github/workflows/redline.yml'
const REDLINE_USES = /^\s*(?:-\s+)?uses:\s*redline-review\/redline(\/[\w.-]+)?@(\S+)\s*$/gm

/**
 * Each `uses:` of Redline's own action in the reusable workflow whose ref is not `v<major>` of `version`, as
 * one line each; a workflow that names none is a problem too.
 */
export function workflowMajorProblems(workflow: string, version: string): string[] {
  const major = `v${version.split('.')[0] ?? ''}`
  const uses = [...workflow.matchAll(REDLINE_USES)].map(match => ({
    path: match[1] ?? '',
    ref: match[2] ?? ''
  }))
  if (uses.length === 0) return [`${REUSABLE_WORKFLOW} names no redline-review/redline action.`]
  return uses
    .filter(use => use.ref !== major)
    .map(
      use =>
        `${REUSABLE_WORKFLOW} runs redline-review/redline${use.path}@${use.ref}, not @${major} of package.json's ${version}: name ${major} and tag again.`
    )
}

export interface ReleaseCheck {
  problems: string[]
  /** The CHANGELOG section, the release's notes. */
  notes?: string
}

/** Everything that keeps `tag` from being released from `root`, given a fresh build in `built`. */
export function checkRelease(input: { tag: string; root: string; built: string }): ReleaseCheck {
  const { tag, root, built } = input
  const version = versionOfTag(tag)
  if (!version) return { problems: [`The tag '${tag}' is not a release tag of the form vX.Y.Z.`] }
  const problems: string[] = []
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: string }
  if (manifest.version !== version) {
    problems.push(
      `package.json has version ${manifest.version ?? '(none)'}, not ${version}: set it and tag again.`
    )
  }
  const changelogPath = join(root, 'CHANGELOG.md')
  const notes = existsSync(changelogPath)
    ? changelogSection(readFileSync(changelogPath, 'utf8'), version)
    : undefined
  if (notes === undefined)
    problems.push(`CHANGELOG.md has no section "## [${version}]" with text: add it and tag again.`)
  const workflowPath = join(root, REUSABLE_WORKFLOW)
  if (existsSync(workflowPath) && manifest.version)
    problems.push(...workflowMajorProblems(readFileSync(workflowPath, 'utf8'), manifest.version))
  const stale = distDifferences(join(root, 'dist'), built)
  if (stale.length > 0) {
    problems.push(
      `dist/ is not what src/ builds (${stale.join('; ')}): run \`npm run bundle\`, commit dist/ and tag again.`
    )
  }
  return { problems, ...(notes !== undefined ? { notes } : {}) }
}

function main(): number {
  const { values } = parseArgs({
    options: {
      tag: { type: 'string' },
      built: { type: 'string' },
      notes: { type: 'string' },
      root: { type: 'string', default: process.cwd() }
    }
  })
  if (!values.tag || !values.built) {
    process.stderr.write(
      'usage: tsx scripts/release-check.ts --tag vX.Y.Z --built DIR [--notes FILE] [--root DIR]\n'
    )
    return 2
  }
  const result = checkRelease({ tag: values.tag, root: resolve(values.root), built: resolve(values.built) })
  for (const problem of result.problems) process.stderr.write(`release check: ${problem}\n`)
  if (result.problems.length > 0) return 1
  if (values.notes && result.notes !== undefined) writeFileSync(values.notes, `${result.notes}\n`)
  process.stdout.write(`${values.tag} is ready to release: package.json, CHANGELOG.md and dist/ agree.\n`)
  return 0
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) process.exitCode = main()
