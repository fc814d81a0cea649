/**
 * Checks the relative links of Markdown pages: every linked file exists, and every `#anchor` names a heading
 * of its page as GitHub slugs it (lower case, punctuation dropped, each space a hyphen, `-1`, `-2` … after a
 * repeat). Links in code are not links; absolute URLs are not checked (the tests have no network).
 * `__tests__/docs-links.test.ts` runs it over README.md and docs/.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'

/** One broken link: where it is and what is wrong. */
export interface LinkProblem {
  file: string
  line: number
  target: string
  problem: 'no such file' | 'no such anchor'
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/
const LINK = /\]\(\s*<?([^()\s<>]+)>?(?:\s+"[^"]*")?\s*\)/g
const REFERENCE = /^ {0,3}\[[^\]]+\]:\s+<?([^\s<>]+)>?/
const HTML_ANCHOR = /<a\s[^>]*\b(?:name|id)="([^"]+)"/g
const SCHEME = /^[a-z][a-z0-9+.-]*:/i

/** The lines of a page outside fenced code, each with its number; inline code spans blanked unless kept. */
function proseLines(text: string, keepCode = false): Array<{ line: number; text: string }> {
  const lines: Array<{ line: number; text: string }> = []
  let fence: string | undefined
  text.split('\n').forEach((line, index) => {
    const opened = FENCE.exec(line)?.[1]
    if (fence !== undefined) {
      if (opened !== undefined && opened[0] === fence[0] && opened.length >= fence.length) fence = undefined
      return
    }
    if (opened !== undefined) {
      fence = opened
      return
    }
    lines.push({ line: index + 1, text: keepCode ? line : line.replace(/(`+)[^`]*?\1/g, '') })
  })
  return lines
}

/** A heading's anchor as GitHub makes it, before the count that tells repeats apart. */
export function githubSlug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}

/** Every anchor a page has: its headings' slugs, numbered on repeat, and its HTML anchors. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  for (const { text: line } of proseLines(text, true)) {
    for (const match of line.matchAll(HTML_ANCHOR)) anchors.add(match[1] as string)
    const heading = HEADING.exec(line)
    if (!heading) continue
    const slug = githubSlug(heading[2] as string)
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    anchors.add(count === 0 ? slug : `${slug}-${count}`)
  }
  return anchors
}

/** The link targets of a page outside code, with their lines. */
export function linksOf(text: string): Array<{ line: number; target: string }> {
  return proseLines(text).flatMap(({ line, text: prose }) => {
    const reference = REFERENCE.exec(prose)?.[1]
    const targets = [...prose.matchAll(LINK)].map(match => match[1] as string)
    return [...targets, ...(reference ? [reference] : [])].map(target => ({ line, target }))
  })
}

/** The broken relative links of the pages at `paths`; `root` only shortens the names in the answer. */
export function brokenLinks(paths: readonly string[], root: string): LinkProblem[] {
  const anchorCache = new Map<string, Set<string>>()
  const anchors = (path: string): Set<string> => {
    const known = anchorCache.get(path) ?? anchorsOf(readFileSync(path, 'utf8'))
    anchorCache.set(path, known)
    return known
  }
  return paths.flatMap(path =>
    linksOf(readFileSync(path, 'utf8')).flatMap(({ line, target }): LinkProblem[] => {
      if (SCHEME.test(target)) return []
      const file = relative(root, path)
      const [pathPart = '', anchor] = target.split('#', 2)
      const linked = pathPart === '' ? path : resolve(dirname(path), decodeURIComponent(pathPart))
      if (!existsSync(linked)) return [{ file, line, target, problem: 'no such file' }]
      const isPage = statSync(linked).isFile() && linked.endsWith('.md')
      if (anchor === undefined || anchor === '' || !isPage) return []
      return anchors(linked).has(decodeURIComponent(anchor))
        ? []
        : [{ file, line, target, problem: 'no such anchor' }]
    })
  )
}
