/**
 * `redline config check [file]`: the configuration file checked offline, every problem at once with its line.
 * `redline config show`: each setting, its value and where it came from, as `redline review` would resolve them.
 */
import { readFile } from 'node:fs/promises'
import { isAbsolute, join, relative } from 'node:path'
import {
  CONFIG_PATHS,
  settingEntries,
  configProblems,
  MAX_CONFIG_BYTES,
  originText,
  type ConfigProblem,
  type SettingSource
} from '../engine/index.js'
import { ConfigurationError, errorMessage } from '../errors.js'
import type { Flags } from './args.js'
import type { CliIo } from './io.js'
import { stderrLogger } from './io.js'
import { readLocalConfig, resolveLocal } from './local-config.js'
import { readLocalOrganisation } from './organisation.js'
import { git, readBranch } from './repo.js'

/** A problem as a compiler would print it: `file:line: key what`. */
export function problemText(file: string, problem: ConfigProblem): string {
  const where = problem.line !== undefined ? `${file}:${problem.line}` : file
  return `${where}: ${problem.key !== undefined ? `${problem.key} ` : ''}${problem.what}`
}

/** The file to check: the one named, else the first of CONFIG_PATHS at the repository's root (or here). */
async function fileToCheck(cwd: string, named: string | undefined): Promise<{ path: string; shown: string }> {
  if (named !== undefined) return { path: isAbsolute(named) ? named : join(cwd, named), shown: named }
  const root = await git(cwd, ['rev-parse', '--show-toplevel']).catch(() => cwd)
  for (const candidate of CONFIG_PATHS) {
    const path = join(root, candidate)
    if (
      await readFile(path).then(
        () => true,
        () => false
      )
    )
      return { path, shown: relative(cwd, path) || path }
  }
  throw new Error(`no ${CONFIG_PATHS.join(' or ')} in ${root}; name the file to check.`)
}

/** Exit 0 on a good file, 1 on any problem (each printed on stdout) or a file that cannot be read. */
export async function configCheck(named: string | undefined, io: CliIo): Promise<number> {
  let file: { path: string; shown: string }
  let bytes: Buffer
  try {
    file = await fileToCheck(io.cwd, named)
    bytes = await readFile(file.path)
  } catch (error) {
    io.stderr(`redline: ${errorMessage(error)}\n`)
    return 1
  }
  const problems: ConfigProblem[] =
    bytes.length > MAX_CONFIG_BYTES
      ? [{ what: `is ${bytes.length} bytes; expected at most ${MAX_CONFIG_BYTES}.` }]
      : configProblems(bytes.toString('utf8')).problems
  const byLine = [...problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
  for (const problem of byLine) io.stdout(`${problemText(file.shown, problem)}\n`)
  if (problems.length > 0) {
    io.stderr(`redline: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${file.shown}.\n`)
    return 1
  }
  io.stdout(`${file.shown}: no problems.\n`)
  return 0
}

/** The settings as a table: name, value, where it came from. */
export function sourcesTable(sources: readonly SettingSource[], filePath: string | undefined): string {
  const from = (source: SettingSource): string =>
    originText(source, origin => (origin === 'file' ? (filePath ?? 'file') : origin))
  const rows = [['setting', 'value', 'from'], ...sources.map(s => [s.name, s.value, from(s)])]
  const widths = [0, 1].map(i => Math.max(...rows.map(row => (row[i] as string).length)))
  return rows
    .map(row => row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i] as number) : cell)).join('  '))
    .join('\n')
}

/** What one run is told (`--base`, `--json`): options of the command, not settings of the repository. */
const RUN_OPTIONS = new Set<string>(
  settingEntries()
    .filter(([, spec]) => spec.flag && !spec.input && !spec.file && !spec.env)
    .map(([name]) => name)
)

/** The commit whose configuration applies: the merge base with `base`, else HEAD. */
async function configCommit(
  cwd: string,
  base: string | undefined
): Promise<{ root: string; commit: string }> {
  if (base) {
    const branch = await readBranch(cwd, base)
    return { root: branch.root, commit: branch.mergeBaseSha }
  }
  const root = await git(cwd, ['rev-parse', '--show-toplevel']).catch(() => {
    throw new ConfigurationError(`${cwd} is not inside a git repository; run redline config show in one.`)
  })
  return { root, commit: await git(root, ['rev-parse', '--verify', 'HEAD^{commit}']) }
}

/** Prints the resolved settings and where each came from; exit 1 when they cannot be resolved. */
export async function configShow(flags: Flags, io: CliIo): Promise<number> {
  const logger = stderrLogger(io.stderr, io.env['REDLINE_DEBUG'] === '1')
  try {
    const { root, commit } = await configCommit(io.cwd, flags.base?.trim())
    const config = await readLocalConfig(root, commit, logger)
    const { organisation, said } = await readLocalOrganisation(root, flags, io.env, logger)
    const { sources } = resolveLocal(flags, io.env, config, organisation)
    const shown = sources.filter(source => source.from !== 'default' || !RUN_OPTIONS.has(source.name))
    const file = config.path
      ? `${config.path} at ${commit.slice(0, 7)}`
      : `no configuration file at ${commit.slice(0, 7)}`
    const where = `${file}; ${said}`
    io.stdout(`Settings (${where}):\n${sourcesTable(shown, config.path)}\n`)
    return 0
  } catch (error) {
    io.stderr(`redline: ${errorMessage(error)}\n`)
    return 1
  }
}
