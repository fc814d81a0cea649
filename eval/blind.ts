/**
 * The eval measures the product only if the reviewer cannot read the answer. This checks what a review is
 * sent (every Messages request of a run) and what the fixture's repository holds (paths, file text, commit
 * messages, PR title and body) for anything that names the fixture or its defect: the fixture id, the name
 * of a golden file, or a distinctive word of a defect's kind. A word is distinctive when it does not occur
 * in the base code: `race` in a comment of the head is a leak, `check` is not when the base already uses it.
 */
import type { Fixture } from './model.js'

/** Words too common in code and prose to say anything about a defect. */
const COMMON = new Set([
  'with',
  'from',
  'into',
  'when',
  'than',
  'then',
  'that',
  'this',
  'none',
  'null',
  'return',
  'returns',
  'value',
  'values',
  'clean',
  'change',
  'changes',
  'code',
  'call',
  'calls',
  'file',
  'files',
  'missing',
  'wrong',
  'error',
  'errors',
  'handling',
  'check',
  'multi',
  'hop',
  // language keywords: a defect kind may name one, and code uses them everywhere
  'async',
  'await',
  'const',
  'static',
  'final',
  'struct',
  'impl',
  'self',
  'func',
  'defer',
  'yield',
  'unsafe',
  'public',
  'private',
  'void',
  'string'
])

export interface Leak {
  /** Where the term was found: a request, or a part of the repository. */
  where: string
  term: string
  excerpt: string
}

function idTermsOf(fixture: Fixture): string[] {
  return [
    fixture.id.toLowerCase(),
    ...fixture.golden.map(d => d.id.slice(d.id.indexOf('/') + 1).toLowerCase())
  ]
}

function words(text: string): Set<string> {
  const out = new Set<string>()
  // camelCase and snake_case parts as well as whole tokens
  for (const token of text.split(/[^A-Za-z0-9]+/)) {
    if (token === '') continue
    out.add(token.toLowerCase())
    for (const part of token.split(/(?<=[a-z0-9])(?=[A-Z])/)) out.add(part.toLowerCase())
  }
  return out
}

/**
 * The terms whose appearance in what the reviewer sees would give the fixture away: the fixture id and the
 * names of its golden files, whole, and the distinctive words of each defect's kind (its title). `product`
 * holds words of the product's own text (see productWords), which say nothing about one fixture.
 */
export function leakTerms(fixture: Fixture, product: ReadonlySet<string> = new Set()): string[] {
  const baseWords = words(
    Object.values(fixture.base).join('\n') + '\n' + Object.keys(fixture.base).join('\n')
  )
  const terms = new Set<string>(idTermsOf(fixture))
  for (const defect of fixture.golden) {
    for (const word of defect.kind.toLowerCase().split(/[^a-z0-9]+/)) {
      if (word.length >= 4 && !COMMON.has(word) && !baseWords.has(word) && !product.has(word)) terms.add(word)
    }
  }
  return [...terms].sort()
}

/**
 * Words in what every review was sent, whatever the fixture: the product's instructions. A word that every
 * request carries cannot tell the reviewer which pull request it is looking at.
 */
export function productWords(texts: readonly string[]): Set<string> {
  let common: Set<string> | undefined
  for (const text of texts) {
    const here = words(text)
    common = common === undefined ? here : new Set([...common].filter(w => here.has(w)))
  }
  return common ?? new Set()
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Every occurrence of a term in `text`, as a whole word (a fixture id as a whole hyphenated token). */
export function findLeaks(where: string, text: string, terms: readonly string[]): Leak[] {
  const leaks: Leak[] = []
  for (const term of terms) {
    const pattern = new RegExp(`(?<![A-Za-z0-9])${escape(term)}(?![A-Za-z0-9])`, 'i')
    const found = pattern.exec(text)
    if (found) {
      const at = found.index
      leaks.push({
        where,
        term,
        excerpt: text.slice(Math.max(0, at - 40), at + term.length + 40).replace(/\s+/g, ' ')
      })
    }
  }
  return leaks
}

interface RequestBody {
  system?: unknown
  messages?: Array<{ role?: string; content?: unknown }>
}

/**
 * The text of a Messages request that the reviewer was sent: system prompt and every user turn (text and
 * tool results). The model's own earlier turns are left out: a scripted model writes the golden text there.
 * Tool results that only acknowledge a recorded finding echo the model's words and are left out too.
 */
export function sentText(body: RequestBody): { system: string; user: string } {
  const parts: string[] = []
  const flatten = (value: unknown): string => {
    if (typeof value === 'string') return value
    if (Array.isArray(value)) return value.map(flatten).join('\n')
    if (value && typeof value === 'object') {
      const block = value as { type?: string; text?: unknown; content?: unknown }
      if (typeof block.text === 'string') return block.text
      if (block.content !== undefined) return flatten(block.content)
    }
    return ''
  }
  const system = flatten(body.system)
  const echoes = new Set<string>()
  for (const message of body.messages ?? []) {
    if (message.role === 'assistant' && Array.isArray(message.content)) {
      for (const block of message.content as Array<{ type?: string; id?: string; name?: string }>) {
        if (block.type === 'tool_use' && block.id && /^(add|update)_finding$/.test(block.name ?? ''))
          echoes.add(block.id)
      }
      continue
    }
    if (Array.isArray(message.content)) {
      for (const block of message.content as Array<{ type?: string; tool_use_id?: string }>) {
        if (block.type === 'tool_result' && block.tool_use_id && echoes.has(block.tool_use_id)) continue
        parts.push(flatten(block))
      }
    } else parts.push(flatten(message.content))
  }
  return { system, user: parts.join('\n') }
}

/** Leaks in the fixture's own material: what any reviewer, scripted or live, could read. */
export function fixtureLeaks(fixture: Fixture): Leak[] {
  const terms = leakTerms(fixture)
  const leaks: Leak[] = [
    ...findLeaks(`${fixture.id}: PR title`, fixture.title, terms),
    ...findLeaks(`${fixture.id}: PR body`, fixture.body, terms),
    ...(fixture.fix ? findLeaks(`${fixture.id}: fix commit message`, fixture.fix.message, terms) : [])
  ]
  const trees = { head: fixture.head, fix: fixture.fix?.files ?? {} }
  for (const [side, tree] of Object.entries(trees)) {
    for (const [file, text] of Object.entries(tree)) {
      leaks.push(...findLeaks(`${fixture.id}: ${side} path ${file}`, file, terms))
      leaks.push(...findLeaks(`${fixture.id}: ${side}/${file}`, text, terms))
    }
  }
  // The base can hold no defect word by construction (those are not distinctive), but it can hold a name.
  const idTerms = idTermsOf(fixture)
  for (const [file, text] of Object.entries(fixture.base)) {
    leaks.push(...findLeaks(`${fixture.id}: base path ${file}`, file, idTerms))
    leaks.push(...findLeaks(`${fixture.id}: base/${file}`, text, idTerms))
  }
  return leaks
}

/**
 * Leaks in the requests one review of `fixture` sent. `own` is text the model itself wrote in an earlier
 * review (the findings a re-review shows it again), which is blanked out before the scan. The system prompt is the product's own text, the same
 * for every fixture, so only the fixture's names are looked for there; a generic word such as `injection`
 * in the reviewer's instructions says nothing about this pull request.
 */
export function requestLeaks(
  fixture: Fixture,
  label: string,
  bodies: readonly RequestBody[],
  own: readonly string[] = [],
  product: ReadonlySet<string> = new Set()
): Leak[] {
  const terms = leakTerms(fixture, product)
  const ids = idTermsOf(fixture)
  return bodies.flatMap((body, i) => {
    const where = `${fixture.id} (${label}) request ${i + 1}`
    const sent = sentText(body)
    let user = sent.user
    for (const text of own) if (text !== '') user = user.split(text).join(' ')
    return [...findLeaks(`${where} system`, sent.system, ids), ...findLeaks(where, user, terms)]
  })
}
