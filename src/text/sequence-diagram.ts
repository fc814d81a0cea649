/**
 * A strict check of a Mermaid `sequenceDiagram` before it is posted: a diagram GitHub cannot render shows as
 * an error box in the review, so one that does not pass is left out. It accepts a plain subset of Mermaid's
 * grammar (participants, messages, notes, activations and the block statements) and refuses everything else,
 * directives included. One pass over the lines, each matched by an anchored pattern without nested
 * repetition: linear in the text's length.
 */

export const MAX_DIAGRAM_LINES = 80
export const MAX_DIAGRAM_CHARS = 4_000
const MAX_LINE_CHARS = 240

export type DiagramCheck = { ok: true; diagram: string } | { ok: false; reason: string }

const ID = '[A-Za-z_][A-Za-z0-9_]{0,39}'
// Words a person reads: no `;` (a statement separator), `#` (entity codes), `%` (directives and comments),
// backticks (they could close the code fence), nor `{}` (init blocks).
const TEXT = '[^;#%`{}]{0,200}'
const ARROW = '(?:-->>|->>|-->|->|--x|-x|--\\)|-\\))'

const PARTICIPANT = new RegExp(`^(?:participant|actor) (${ID})(?: as ${TEXT})?$`)
const MESSAGE = new RegExp(`^(${ID}) ?${ARROW}[+-]? ?(${ID}) ?:${TEXT}$`)
const NOTE = new RegExp(`^[Nn]ote (?:left of|right of|over) (${ID})(?: ?, ?(${ID}))? ?:${TEXT}$`)
const ACTIVATION = new RegExp(`^(?:activate|deactivate) (${ID})$`)
const OPENER = new RegExp(`^(loop|alt|opt|par|critical|break)(?: ${TEXT})?$`)
const RECT = /^rect (?:rgba?\([0-9 ,.]{1,40}\)|[a-z]{1,20})$/
const BRANCH = new RegExp(`^(else|and|option)(?: ${TEXT})?$`)
const COMMENT = /^%%(?!\{)[^{}]{0,200}$/

/** Which block a branch word may appear in. */
const BRANCH_OF: Record<string, string> = { else: 'alt', and: 'par', option: 'critical' }

/** The diagram, trimmed, when it is a well-formed sequenceDiagram of the subset; else why not. */
export function checkSequenceDiagram(text: string): DiagramCheck {
  if (text.length > MAX_DIAGRAM_CHARS)
    return { ok: false, reason: `longer than ${MAX_DIAGRAM_CHARS} characters` }
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map(line => line.trim())
    .filter(line => line !== '')
  if (lines[0] !== 'sequenceDiagram') return { ok: false, reason: 'the first line is not `sequenceDiagram`' }
  if (lines.length > MAX_DIAGRAM_LINES) return { ok: false, reason: `more than ${MAX_DIAGRAM_LINES} lines` }
  const blocks: string[] = []
  const actors = new Set<string>()
  let messages = 0
  for (const [index, line] of lines.entries()) {
    if (index === 0) continue
    const where = `line ${index + 1}`
    if (line.length > MAX_LINE_CHARS) return { ok: false, reason: `${where} is too long` }
    const step = checkLine(line, blocks, actors)
    if (step === 'message') messages++
    else if (step !== 'ok') return { ok: false, reason: `${where}: ${step}` }
  }
  if (blocks.length > 0)
    return { ok: false, reason: `\`${blocks[blocks.length - 1]}\` is not closed by \`end\`` }
  if (messages === 0) return { ok: false, reason: 'no message between participants' }
  if (actors.size < 2) return { ok: false, reason: 'fewer than two participants' }
  return { ok: true, diagram: ['sequenceDiagram', ...lines.slice(1).map(line => `  ${line}`)].join('\n') }
}

/** One statement: 'ok', 'message', or why it is refused. Opens and closes blocks on `blocks`. */
function checkLine(line: string, blocks: string[], actors: Set<string>): string {
  if (line === 'autonumber' || COMMENT.test(line)) return 'ok'
  const participant = PARTICIPANT.exec(line)
  if (participant) return named(actors, participant[1])
  const message = MESSAGE.exec(line)
  if (message) {
    const refused = [named(actors, message[1]), named(actors, message[2])].find(step => step !== 'ok')
    return refused ?? 'message'
  }
  const note = NOTE.exec(line)
  if (note) return [named(actors, note[1]), named(actors, note[2])].find(step => step !== 'ok') ?? 'ok'
  if (ACTIVATION.test(line)) return 'ok'
  const opener = OPENER.exec(line)
  if (opener || RECT.test(line)) {
    if (blocks.length >= 8) return 'blocks nested too deep'
    blocks.push(opener ? (opener[1] as string) : 'rect')
    return 'ok'
  }
  const branch = BRANCH.exec(line)
  if (branch) {
    const needs = BRANCH_OF[branch[1] as string]
    return blocks[blocks.length - 1] === needs ? 'ok' : `\`${branch[1]}\` outside an \`${needs}\` block`
  }
  if (line === 'end') return blocks.pop() === undefined ? '`end` without a block to close' : 'ok'
  return 'not a statement of a sequence diagram'
}

/** Words Mermaid reads as statements, which a participant cannot be called. */
const RESERVED = new Set([
  'end',
  'loop',
  'alt',
  'else',
  'opt',
  'par',
  'and',
  'rect',
  'note',
  'critical',
  'option',
  'break',
  'participant',
  'actor',
  'activate',
  'deactivate',
  'autonumber',
  'box',
  'create',
  'destroy'
])

function named(actors: Set<string>, id: string | undefined): string {
  if (id === undefined) return 'ok'
  if (RESERVED.has(id.toLowerCase())) return `\`${id}\` is a keyword, not a participant`
  actors.add(id)
  return 'ok'
}
