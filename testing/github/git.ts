/** Git access and the diff model (an independent parser of unified diffs). */
import { spawn } from 'node:child_process'
import { gitEnv } from '../pr-fixture.js'

interface GitOutput {
  status: number
  stdout: string
}

export function gitAsync(cwd: string, args: readonly string[]): Promise<GitOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['-c', 'core.quotePath=false', ...args], { cwd, env: gitEnv() })
    const out: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.resume()
    child.on('error', reject)
    child.on('close', code => resolve({ status: code ?? -1, stdout: Buffer.concat(out).toString('utf8') }))
  })
}

export interface DiffLine {
  kind: ' ' | '+' | '-' | '\\'
  oldNo: number | null
  newNo: number | null
  /** GitHub's legacy `position`: lines below the file's first @@ header, counting later headers too. */
  position: number
  hunk: number
}

interface Hunk {
  index: number
  headerPosition: number
  /** The header and every line of the hunk, as GitHub quotes them in `diff_hunk`. */
  text: string[]
}

export interface FileDiff {
  status: 'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed'
  filename: string
  previousFilename?: string | undefined
  oldBlob: string
  newBlob: string
  binary: boolean
  /** The hunks as GitHub's `patch` field shows them (from the first @@), or null when there are none. */
  patch: string | null
  patchLines: number
  additions: number
  deletions: number
  hunks: Hunk[]
  right: Map<number, DiffLine>
  left: Map<number, DiffLine>
  byPosition: Map<number, DiffLine>
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/

function parseFilePatch(file: FileDiff, section: string[]): void {
  let position = -1
  let oldNo = 0
  let newNo = 0
  let current: Hunk | undefined
  const patchLines: string[] = []
  for (const line of section) {
    if (position < 0 && !line.startsWith('@@')) {
      if (line.startsWith('Binary files ') || line === 'GIT binary patch') file.binary = true
      continue
    }
    const header = HUNK_HEADER.exec(line)
    if (header) {
      position += 1
      oldNo = Number(header[1])
      newNo = Number(header[3])
      current = { index: file.hunks.length, headerPosition: position, text: [line] }
      file.hunks.push(current)
      patchLines.push(line)
      continue
    }
    if (!current) continue
    const kind = line[0]
    if (kind !== ' ' && kind !== '+' && kind !== '-' && kind !== '\\') continue
    position += 1
    patchLines.push(line)
    current.text.push(line)
    const entry: DiffLine = { kind, oldNo: null, newNo: null, position, hunk: current.index }
    if (kind === ' ') {
      entry.oldNo = oldNo++
      entry.newNo = newNo++
      file.left.set(entry.oldNo, entry)
      file.right.set(entry.newNo, entry)
    } else if (kind === '+') {
      entry.newNo = newNo++
      file.right.set(entry.newNo, entry)
      file.additions += 1
    } else if (kind === '-') {
      entry.oldNo = oldNo++
      file.left.set(entry.oldNo, entry)
      file.deletions += 1
    }
    file.byPosition.set(position, entry)
  }
  if (patchLines.length > 0) {
    file.patch = patchLines.join('\n')
    file.patchLines = patchLines.length
  }
}

const STATUS_NAMES: Record<string, FileDiff['status']> = {
  A: 'added',
  D: 'removed',
  M: 'modified',
  R: 'renamed',
  C: 'copied',
  T: 'changed'
}

function parseDiff(raw: string, patch: string): FileDiff[] {
  const files: FileDiff[] = []
  const tokens = raw.split('\0')
  for (let i = 0; i < tokens.length; i++) {
    const meta = tokens[i]
    if (!meta || !meta.startsWith(':')) continue
    const [, , oldBlob = '', newBlob = '', status = 'M'] = meta.slice(1).split(' ')
    const letter = status[0] ?? 'M'
    let filename: string
    let previousFilename: string | undefined
    if (letter === 'R' || letter === 'C') {
      previousFilename = tokens[++i] ?? ''
      filename = tokens[++i] ?? ''
    } else {
      filename = tokens[++i] ?? ''
    }
    files.push({
      status: STATUS_NAMES[letter] ?? 'modified',
      filename,
      previousFilename,
      oldBlob,
      newBlob,
      binary: false,
      patch: null,
      patchLines: 0,
      additions: 0,
      deletions: 0,
      hunks: [],
      right: new Map(),
      left: new Map(),
      byPosition: new Map()
    })
  }
  const sections: string[][] = []
  for (const line of patch.split('\n')) {
    if (line.startsWith('diff --git ')) sections.push([])
    else sections[sections.length - 1]?.push(line)
  }
  files.forEach((file, index) => parseFilePatch(file, sections[index] ?? []))
  return files
}

export interface CommitInfo {
  sha: string
  tree: string
  parents: string[]
  authorName: string
  authorEmail: string
  authorDate: string
  committerName: string
  committerEmail: string
  committerDate: string
  message: string
}

export class RepoReader {
  private readonly diffs = new Map<string, Promise<FileDiff[]>>()
  private readonly commits = new Map<string, Promise<CommitInfo | null>>()
  private readonly blobs = new Map<string, Promise<string | null>>()
  private readonly mergeBases = new Map<string, Promise<string | null>>()

  constructor(readonly gitDir: string) {}

  async resolve(ref: string): Promise<string | null> {
    if (!/^[\w./-]+$/.test(ref) || ref.startsWith('-')) return null
    for (const candidate of [`refs/heads/${ref}`, ref]) {
      const out = await gitAsync(this.gitDir, ['rev-parse', '--verify', '--quiet', `${candidate}^{commit}`])
      if (out.status === 0) return out.stdout.trim()
    }
    return null
  }

  mergeBase(a: string, b: string): Promise<string | null> {
    const key = `${a} ${b}`
    let found = this.mergeBases.get(key)
    if (!found) {
      found = gitAsync(this.gitDir, ['merge-base', a, b]).then(out =>
        out.status === 0 ? out.stdout.trim() : null
      )
      this.mergeBases.set(key, found)
    }
    return found
  }

  async revList(args: string[]): Promise<string[]> {
    const out = await gitAsync(this.gitDir, ['rev-list', ...args])
    return out.status === 0 ? out.stdout.split('\n').filter(Boolean) : []
  }

  diff(from: string, to: string): Promise<FileDiff[]> {
    const key = `${from}..${to}`
    let found = this.diffs.get(key)
    if (!found) {
      const common = ['--no-color', '--no-ext-diff', '--no-textconv', '-M', from, to]
      found = Promise.all([
        gitAsync(this.gitDir, ['diff', '--raw', '-z', '--no-abbrev', ...common]),
        gitAsync(this.gitDir, ['diff', '-U3', '--src-prefix=a/', '--dst-prefix=b/', ...common])
      ]).then(([raw, patch]) => parseDiff(raw.stdout, patch.stdout))
      this.diffs.set(key, found)
    }
    return found
  }

  async rawDiff(from: string, to: string): Promise<string> {
    const out = await gitAsync(this.gitDir, ['diff', '--no-color', '--no-ext-diff', '-M', from, to])
    return out.stdout
  }

  commit(sha: string): Promise<CommitInfo | null> {
    let found = this.commits.get(sha)
    if (!found) {
      const format = ['%H', '%T', '%P', '%an', '%ae', '%aI', '%cn', '%ce', '%cI', '%B'].join('%x00')
      found = gitAsync(this.gitDir, ['show', '-s', `--format=${format}`, sha]).then(out => {
        if (out.status !== 0) return null
        const [
          full = '',
          tree = '',
          parents = '',
          an = '',
          ae = '',
          ad = '',
          cn = '',
          ce = '',
          cd = '',
          ...rest
        ] = out.stdout.split('\0')
        return {
          sha: full,
          tree,
          parents: parents.split(' ').filter(Boolean),
          authorName: an,
          authorEmail: ae,
          authorDate: isoZ(ad),
          committerName: cn,
          committerEmail: ce,
          committerDate: isoZ(cd),
          message: rest.join('\0').replace(/\n+$/, '')
        }
      })
      this.commits.set(sha, found)
    }
    return found
  }

  blobAt(commit: string, file: string): Promise<string | null> {
    const key = `${commit}:${file}`
    let found = this.blobs.get(key)
    if (!found) {
      found = gitAsync(this.gitDir, ['rev-parse', '--verify', '--quiet', key]).then(out =>
        out.status === 0 ? out.stdout.trim() : null
      )
      this.blobs.set(key, found)
    }
    return found
  }
}

function isoZ(date: string): string {
  const parsed = new Date(date)
  return Number.isNaN(parsed.getTime()) ? date : parsed.toISOString().replace(/\.\d{3}Z$/, 'Z')
}
