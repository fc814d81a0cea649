import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** A language the benchmark has a compiler's truth for. */
export type BenchLanguage = 'typescript' | 'python'

/** Where the set-up script brings a project in from, pinned by version. */
export type ProjectSource =
  | { registry: 'npm'; package: string; version: string; keep: readonly string[] }
  | { registry: 'debian'; package: string; version: string; keep: readonly string[] }

/** One project measured: a git repository whose HEAD is the commit the tools read. */
export interface BenchProject {
  name: string
  language: BenchLanguage
  /** The repository's folder. */
  dir: string
  source?: ProjectSource
}

/**
 * The default set: published sources, pinned. The npm tarballs carry their TypeScript under `src/`; Debian's
 * packages carry the Python modules. Docs and licences come along, as a repository has them beside its code.
 */
export const DEFAULT_SOURCES: ReadonlyArray<{
  name: string
  language: BenchLanguage
  source: ProjectSource
}> = [
  {
    name: 'mobx',
    language: 'typescript',
    source: { registry: 'npm', package: 'mobx', version: '7.1.3', keep: ['src', 'README.md', 'LICENSE'] }
  },
  {
    name: 'query-core',
    language: 'typescript',
    source: {
      registry: 'npm',
      package: '@tanstack/query-core',
      version: '5.108.4',
      keep: ['src', 'LICENSE']
    }
  },
  {
    name: 'requests',
    language: 'python',
    source: {
      registry: 'debian',
      package: 'python3-requests',
      version: '2.28.1+dfsg-1',
      keep: ['usr/lib/python3/dist-packages/requests', 'usr/share/doc/python3-requests']
    }
  },
  {
    name: 'click',
    language: 'python',
    source: {
      registry: 'debian',
      package: 'python3-click',
      version: '8.1.3-2',
      keep: ['usr/lib/python3/dist-packages/click', 'usr/share/doc/python3-click']
    }
  },
  {
    name: 'markdown',
    language: 'python',
    source: {
      registry: 'debian',
      package: 'python3-markdown',
      version: '3.4.1-2+deb12u1',
      keep: ['usr/lib/python3/dist-packages/markdown', 'usr/share/doc/python3-markdown']
    }
  }
]

/** The cache the set-up script fills and the benchmark reads: outside the repository, never fetched at run time. */
export function benchCache(): string {
  return process.env.REDLINE_BENCH_GRAPH_CACHE ?? path.join(os.homedir(), '.cache/redline-bench/graph')
}

/**
 * The projects to measure: those of REDLINE_BENCH_GRAPH_PROJECTS, a JSON file listing
 * `{ "name", "language": "typescript" | "python", "dir" }` (dir relative to the file; each a git repository),
 * else the default set in the cache.
 */
export function benchProjects(): BenchProject[] {
  const file = process.env.REDLINE_BENCH_GRAPH_PROJECTS
  if (!file) return DEFAULT_SOURCES.map(p => ({ ...p, dir: path.join(benchCache(), p.name) }))
  return projectsFromFile(file)
}

export function projectsFromFile(file: string): BenchProject[] {
  let listed: unknown
  try {
    listed = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch (error) {
    throw new Error(`REDLINE_BENCH_GRAPH_PROJECTS: cannot read ${file} as JSON (${String(error)})`, {
      cause: error
    })
  }
  if (!Array.isArray(listed) || listed.length === 0)
    throw new Error(`${file}: expected a non-empty JSON array of { "name", "language", "dir" }`)
  return listed.map((entry: unknown, i) => {
    const { name, language, dir } = (entry ?? {}) as Record<string, unknown>
    if (
      typeof name !== 'string' ||
      typeof dir !== 'string' ||
      (language !== 'typescript' && language !== 'python')
    )
      throw new Error(
        `${file}, entry ${i + 1}: needs "name" and "dir" strings and "language" "typescript" or "python"`
      )
    return { name, language, dir: path.resolve(path.dirname(file), dir) }
  })
}
