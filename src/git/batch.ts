/** One answer of `git cat-file --batch`; undefined stands for an object git does not have. */
export interface BatchObject {
  oid: string
  type: string
  content: Buffer
}

/**
 * Reads `git cat-file --batch` output as it arrives: "<oid> <type> <size>\n<content>\n" per object found,
 * "<name> missing\n" (or "ambiguous") per object not found. Pieces may cut anywhere, headers included.
 */
export class BatchOutputParser {
  private buffered: Buffer[] = []
  private bufferedBytes = 0
  /** The object whose content is being read, and how many bytes of it (and its newline) are still due. */
  private current: { oid: string; type: string; due: number } | undefined

  push(data: Buffer): Array<BatchObject | undefined> {
    const answers: Array<BatchObject | undefined> = []
    this.buffered.push(data)
    this.bufferedBytes += data.length
    for (;;) {
      if (this.current) {
        if (this.bufferedBytes < this.current.due) break
        const all = this.take(this.current.due)
        answers.push({
          oid: this.current.oid,
          type: this.current.type,
          content: all.subarray(0, all.length - 1)
        })
        this.current = undefined
        continue
      }
      const header = this.takeLine()
      if (header === undefined) break
      const answer = parseBatchHeader(header)
      if (answer === undefined) answers.push(undefined)
      else this.current = { oid: answer.oid, type: answer.type, due: answer.size + 1 }
    }
    return answers
  }

  private takeLine(): string | undefined {
    const joined = this.joined()
    const newline = joined.indexOf(10)
    if (newline < 0) return undefined
    return this.take(newline + 1)
      .subarray(0, newline)
      .toString('utf8')
  }

  private take(bytes: number): Buffer {
    const joined = this.joined()
    const rest = joined.subarray(bytes)
    this.buffered = rest.length > 0 ? [rest] : []
    this.bufferedBytes = rest.length
    return joined.subarray(0, bytes)
  }

  private joined(): Buffer {
    if (this.buffered.length > 1) this.buffered = [Buffer.concat(this.buffered, this.bufferedBytes)]
    return this.buffered[0] ?? Buffer.alloc(0)
  }
}

/** "<oid> <type> <size>", or undefined for "<name> missing" and the other answers without content. */
export function parseBatchHeader(line: string): { oid: string; type: string; size: number } | undefined {
  const parts = line.split(' ')
  const size = Number(parts[2])
  if (parts.length !== 3 || !/^[0-9a-f]+$/.test(parts[0] ?? '') || !Number.isInteger(size)) return undefined
  return { oid: parts[0] as string, type: parts[1] as string, size }
}

export type TreeEntryKind = 'blob' | 'tree' | 'submodule' | 'symlink'

export interface RawTreeEntry {
  /** The name's bytes as latin1, one character per byte, so that any name compares exactly. */
  name: string
  kind: TreeEntryKind
  oid: string
}

/**
 * A tree object's entries: "<octal mode> <name>\0<binary object id>" each, ids of `idBytes` bytes. With
 * `only`, just the entries of those names: the others are stepped over without being decoded, which is most
 * of a large directory when a few files are looked up in it.
 */
export function parseTree(content: Buffer, idBytes: number, only?: ReadonlySet<string>): RawTreeEntry[] {
  const entries: RawTreeEntry[] = []
  const wantedLengths = only && new Set([...only].map(name => name.length))
  let at = 0
  while (at < content.length) {
    const space = content.indexOf(32, at)
    const nul = content.indexOf(0, space + 1)
    if (space < 0 || nul < 0 || nul + 1 + idBytes > content.length) break
    const next = nul + 1 + idBytes
    // A name's latin1 string has one character per byte, so its length is known before it is decoded.
    if (wantedLengths && !wantedLengths.has(nul - space - 1)) {
      at = next
      continue
    }
    const name = content.toString('latin1', space + 1, nul)
    if (!only || only.has(name)) {
      entries.push({
        name,
        kind: kindOfMode(Number.parseInt(content.toString('latin1', at, space), 8)),
        oid: content.toString('hex', nul + 1, next)
      })
    }
    at = next
  }
  return entries
}

const TYPE_BITS = 0o170000

/** Like ls-tree's listing: anything not a directory, a submodule or a symlink is a file. */
function kindOfMode(mode: number): TreeEntryKind {
  switch (mode & TYPE_BITS) {
    case 0o040000:
      return 'tree'
    case 0o160000:
      return 'submodule'
    case 0o120000:
      return 'symlink'
    default:
      return 'blob'
  }
}

/** A path's segments as tree entry names compare them: UTF-8 bytes, one latin1 character each. */
export function pathSegments(filePath: string): string[] {
  // Printable ASCII is its own UTF-8, as most paths are: only the others are spelled out byte by byte.
  const bytes = ASCII.test(filePath) ? filePath : Buffer.from(filePath, 'utf8').toString('latin1')
  return bytes.split('/')
}

const ASCII = /^[ -~]*$/
