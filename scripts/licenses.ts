/**
 * The licence notice for dist/: one entry for every package whose code ncc put in the bundle.
 *
 * ncc's own `--license` option (license-webpack-plugin) writes one notice per output chunk under the same
 * file name, so the notice of the last chunk written (a lazily loaded part of @anthropic-ai/sdk) replaced
 * the one for the main chunk, which holds zod, undici, @actions/* and @octokit/*. The packages are taken
 * here from webpack's module list instead, which names every file that was bundled.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export interface BundledPackage {
  name: string
  version: string
  license: string
  /** The package's own licence file, or undefined when it ships none. */
  text: string | undefined
  /** Who and where, for a package without a licence file. */
  origin?: string
  dir: string
}

interface StatsModule {
  identifier?: string
  nameForCondition?: string
  modules?: StatsModule[]
}

export interface Stats {
  modules?: StatsModule[]
}

/** The directories of the packages that bundled files came from, e.g. `/repo/node_modules/@actions/core`. */
export function packageDirs(stats: Stats): string[] {
  const dirs = new Set<string>()
  const visit = (module: StatsModule): void => {
    // A loader chain reads "loader!loader?options!/path/to/file?query": the resource is the last part.
    const resource = (module.nameForCondition ?? module.identifier ?? '').split('!').pop() ?? ''
    const file = resource.split('?')[0] ?? ''
    const at = file.lastIndexOf('/node_modules/')
    if (at >= 0) {
      const parts = file.slice(at + '/node_modules/'.length).split('/')
      const depth = parts[0]?.startsWith('@') ? 2 : 1
      if (parts.length > depth)
        dirs.add(file.slice(0, at + '/node_modules/'.length) + parts.slice(0, depth).join('/'))
    }
    for (const inner of module.modules ?? []) visit(inner)
  }
  for (const module of stats.modules ?? []) visit(module)
  return [...dirs].sort()
}

const LICENSE_FILE = /^(?:licen[cs]e|copying)(?:[.-].*)?$/i

/** Reads a package's name, version, declared licence and licence file. */
export function readPackage(dir: string): BundledPackage {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    name?: string
    version?: string
    license?: string | { type?: string }
    licenses?: Array<{ type?: string }>
    author?: string | { name?: string }
    repository?: string | { url?: string }
    homepage?: string
  }
  if (!manifest.name) throw new Error(`${dir}/package.json has no name`)
  const declared =
    typeof manifest.license === 'string'
      ? manifest.license
      : (manifest.license?.type ?? manifest.licenses?.map(l => l.type).join(' OR '))
  if (!declared) throw new Error(`${manifest.name} declares no licence; check it before bundling it`)
  const file = readdirSync(dir)
    .filter(name => LICENSE_FILE.test(name))
    .sort()[0]
  const author = typeof manifest.author === 'string' ? manifest.author : manifest.author?.name
  const repository = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url
  const origin = [author, repository ?? manifest.homepage].filter(Boolean).join(', ')
  return {
    name: manifest.name,
    version: manifest.version ?? '',
    license: declared,
    text: file === undefined ? undefined : readFileSync(join(dir, file), 'utf8'),
    ...(origin ? { origin } : {}),
    dir
  }
}

/** The notice, packages in name order, in the layout ncc writes: name, licence, text, blank line. */
export function renderLicenses(packages: BundledPackage[]): string {
  const unique = new Map<string, BundledPackage>()
  for (const pkg of packages) unique.set(`${pkg.name}@${pkg.version}`, pkg)
  return [...unique.values()]
    .sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version))
    .map(pkg => {
      const from = pkg.origin ? ` (${pkg.origin})` : ''
      const text =
        pkg.text?.trim() ||
        `${pkg.name} ships no licence file; its package.json declares ${pkg.license}${from}.`
      return `${pkg.name}@${pkg.version}\n${pkg.license}\n${text}\n`
    })
    .join('\n')
}

const ENTRY_HEADER = /^((?:@[^/\s@]+\/)?[^/\s@]+)@(\d+\.\d+\.\d+\S*)$/

/** The entries of a notice: each starts after a blank line with `name@version` and the licence on the next. */
export function noticeEntries(
  notice: string
): Array<{ name: string; version: string; license: string; text: string }> {
  const lines = notice.split('\n')
  const starts: number[] = []
  lines.forEach((line, i) => {
    if ((i === 0 || lines[i - 1] === '') && ENTRY_HEADER.test(line) && (lines[i + 1] ?? '') !== '')
      starts.push(i)
  })
  return starts.map((start, k) => {
    const [, name = '', version = ''] = ENTRY_HEADER.exec(lines[start] ?? '') ?? []
    const end = starts[k + 1] ?? lines.length
    return {
      name,
      version,
      license: lines[start + 1] ?? '',
      text: lines
        .slice(start + 2, end)
        .join('\n')
        .trim()
    }
  })
}
