/**
 * What the loop tells the model between turns: a nudge when it stops without finishing, a last turn when a
 * budget runs out, refused reads, warnings. Every text is written from the run's own tools, so a run can only
 * ever be told to call a tool it offers: a review run names publish_review, an answer run names answer.
 */
import type { BudgetKind } from './budgets.js'
import type { ToolRegistry } from './tools/registry.js'

export interface Reminders {
  /** The tool that ends this run. */
  terminal: string
  /** The model ended its turn in text, without the terminal tool. */
  nudge: string
  /** The last reply was cut at the output limit. */
  brief: string
  /** A paused reply with nothing to answer. */
  continuePaused: string
  /** A tool call cut off inside its arguments. */
  cutToolCall: string
  /** The run's note when the model never called the terminal tool. */
  noTerminal: string
  /** A read refused because `kind` ran out. */
  readRefusal(kind: BudgetKind): string
  /** The request that is the run's last turn. */
  lastTurn(kind: BudgetKind): string
  /** `kind` is nearly spent. */
  warning(kind: BudgetKind): string
}

const BUDGET_NOUNS: Record<BudgetKind, string> = {
  'tool calls': 'tool-call (read)',
  tokens: 'token',
  'wall clock': 'wall-clock',
  turns: 'turn'
}

/** `a`, `a and b`, `a, b and c`. */
function listOf(names: readonly string[]): string {
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

/** The tool that ends the run (the first, should a run offer more), and the tools that record work. */
function toolRoles(tools: ToolRegistry): { terminal: string; recorders: string[] } {
  const names = tools.names()
  const terminal = names.find(name => tools.endsRun(name)) ?? 'the tool that ends the run'
  return { terminal, recorders: names.filter(name => !tools.reads(name) && !tools.endsRun(name)) }
}

/** The reminders of a run that offers `tools`. */
export function remindersFor(tools: ToolRegistry): Reminders {
  const { terminal: T, recorders } = toolRoles(tools)
  const records = recorders.length > 0
  const recordThenFinish = records
    ? `Record every problem you have confirmed and not yet recorded, then call ${T}.`
    : `Call ${T} now with what you have.`
  return {
    terminal: T,
    nudge: `You ended your turn without calling ${T}. ${records ? `Record anything confirmed and not yet recorded, then call ${T}.` : `Call ${T} now.`} Do not reply with text only.`,
    brief: `Your last reply was cut off at the output limit. Be brief:${records ? ` one item per ${recorders[0]} call,` : ''} short text, then call ${T}.`,
    continuePaused: 'Continue where you left off.',
    cutToolCall:
      'Not run: your reply was cut off at the output limit inside this call, so its arguments are incomplete. ' +
      'Call it again with shorter arguments.',
    noTerminal: `The model ended without calling ${T}${records ? ', so the summary is not its own' : ''}.`,
    readRefusal: kind =>
      (kind === 'tool calls'
        ? 'Not run: the tool-call budget for repository reads is spent. '
        : `Not run: the ${BUDGET_NOUNS[kind]} budget ran out, so no more reads are answered. `) +
      (records
        ? `Record what you have confirmed with ${recorders[0]} and call ${T}.`
        : `Call ${T} with what you have.`),
    lastTurn: kind =>
      `Last turn: the ${BUDGET_NOUNS[kind]} budget ran out. Only ${listOf([...recorders, T])} ` +
      `${records ? 'are' : 'is'} answered in this turn; reads are refused. ${recordThenFinish}`,
    warning: kind => warningOf(kind, T, records)
  }
}

function warningOf(kind: BudgetKind, terminal: string, records: boolean): string {
  const now = records ? 'record each confirmed finding now' : `call ${terminal} soon`
  switch (kind) {
    case 'turns':
      return `Few turns are left: ${records ? 'record each confirmed finding now and ' : ''}plan to call ${terminal}.`
    case 'tool calls':
      return 'Few repository reads are left: spend them on what decides a finding.'
    case 'tokens':
      return `The token budget is nearly spent: ${now}.`
    case 'wall clock':
      return `The time budget is nearly spent: ${now}.`
  }
}
