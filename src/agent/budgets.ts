export const BUDGET_NAMES = ['fast', 'standard', 'deep'] as const
export type BudgetName = (typeof BUDGET_NAMES)[number]

/** What one review may spend. Tokens are input not read from the cache (cache writes included) plus output. */
export interface BudgetLimits {
  toolCalls: number
  tokens: number
  wallClockMs: number
  turns: number
}

export type BudgetKind = 'tool calls' | 'tokens' | 'wall clock' | 'turns'

const MINUTE = 60_000

// Fixed in code: nothing in the pull request or the repository can raise them.
const LIMITS: Readonly<Record<BudgetName, Readonly<BudgetLimits>>> = Object.freeze({
  fast: Object.freeze({ toolCalls: 12, tokens: 150_000, wallClockMs: 4 * MINUTE, turns: 8 }),
  standard: Object.freeze({ toolCalls: 30, tokens: 400_000, wallClockMs: 10 * MINUTE, turns: 16 }),
  deep: Object.freeze({ toolCalls: 80, tokens: 1_200_000, wallClockMs: 30 * MINUTE, turns: 40 })
})

/** Bounds on a whole review, over all its passes: a large pull request is reviewed in several. */
export interface RunLimits {
  passes: number
  /** Input not read from the cache (cache writes included) plus output, added up over the passes. */
  tokens: number
}

const RUN_LIMITS: Readonly<Record<BudgetName, Readonly<RunLimits>>> = Object.freeze({
  fast: Object.freeze({ passes: 1, tokens: 150_000 }),
  standard: Object.freeze({ passes: Number.POSITIVE_INFINITY, tokens: 1_500_000 }),
  deep: Object.freeze({ passes: Number.POSITIVE_INFINITY, tokens: 5_000_000 })
})

/** The default time-limit input of each budget: the whole run's clock, in minutes. */
export const DEFAULT_TIME_LIMIT_MINUTES: Readonly<Record<BudgetName, number>> = Object.freeze({
  fast: 4,
  standard: 15,
  deep: 40
})

export function runLimits(name: BudgetName): RunLimits {
  return { ...RUN_LIMITS[name] }
}

export function budgetLimits(name: BudgetName): BudgetLimits {
  return { ...LIMITS[name] }
}

/**
 * Output cap of one model request. Large enough for a turn that records several findings with suggestions,
 * and small enough that the SDK accepts a non-streaming request.
 */
export const MAX_OUTPUT_TOKENS = 16_000

/**
 * Share of the token and wall-clock budgets set aside at the start for one last turn: when the working part
 * runs out, the model still gets a turn to record what it found and publish, paid for from this reserve.
 */
export const RESERVE_SHARE = 0.12
/** The wall-clock reserve is never less than this, so the last turn has time to be answered. */
const MIN_RESERVE_MS = 30_000

/** What a budget line says is left, and which budgets have warned (each warns once, near its end). */
const WARN_READS_LEFT = 3
const WARN_SHARE = 0.85

/** Counts what the loop has spent and says which budget, if any, has run out. */
export class BudgetTracker {
  private turnsUsed = 0
  private toolCallsUsed = 0
  /** Repository reads: the calls the tool-call budget limits. */
  private readsUsed = 0
  private tokensUsed = 0
  private readonly startedAt: number
  private readonly warnedOf = new Set<BudgetKind>()
  /** Tokens and milliseconds held back for the last turn. */
  readonly reserveTokens: number
  readonly reserveMs: number

  constructor(
    readonly limits: BudgetLimits,
    private readonly now: () => number
  ) {
    this.startedAt = now()
    this.reserveTokens = Math.floor(limits.tokens * RESERVE_SHARE)
    this.reserveMs = Math.min(
      Math.floor(limits.wallClockMs / 2),
      Math.max(MIN_RESERVE_MS, Math.floor(limits.wallClockMs * RESERVE_SHARE))
    )
  }

  recordTurn(): void {
    this.turnsUsed++
  }

  recordToolCall(read: boolean): void {
    this.toolCallsUsed++
    if (read) this.readsUsed++
  }

  recordTokens(uncachedInput: number, output: number): void {
    this.tokensUsed += uncachedInput + output
  }

  get turns(): number {
    return this.turnsUsed
  }

  get toolCalls(): number {
    return this.toolCallsUsed
  }

  get tokens(): number {
    return this.tokensUsed
  }

  elapsedMs(): number {
    return this.now() - this.startedAt
  }

  toolCallsLeft(): number {
    return Math.max(0, this.limits.toolCalls - this.readsUsed)
  }

  /** True when the next request is the run's last turn by the turn budget. */
  onLastTurn(): boolean {
    return this.limits.turns - this.turnsUsed <= 1
  }

  remainingMs(): number {
    return Math.max(0, this.limits.wallClockMs - this.elapsedMs())
  }

  /** Time left before the reserve: what the working turns may use. */
  workingMsLeft(): number {
    return Math.max(0, this.limits.wallClockMs - this.reserveMs - this.elapsedMs())
  }

  /** Tokens left before the reserve. */
  workingTokensLeft(): number {
    return Math.max(0, this.limits.tokens - this.reserveTokens - this.tokensUsed)
  }

  /**
   * The first budget found spent that ends the run, checked in a fixed order so the note is deterministic.
   * Tool calls are not among them: they limit repository reads only, and a run whose reads are spent still
   * gets its turns to record findings and publish.
   */
  exhausted(): BudgetKind | undefined {
    if (this.tokensUsed >= this.limits.tokens) return 'tokens'
    if (this.elapsedMs() >= this.limits.wallClockMs) return 'wall clock'
    if (this.turnsUsed >= this.limits.turns) return 'turns'
    return undefined
  }

  /**
   * The budget whose working part is spent, so that the next turn is the last: tokens and wall clock before
   * their reserve, turns when only one is left.
   */
  spent(): BudgetKind | undefined {
    if (this.tokensUsed >= this.limits.tokens - this.reserveTokens) return 'tokens'
    if (this.elapsedMs() >= this.limits.wallClockMs - this.reserveMs) return 'wall clock'
    if (this.turnsUsed >= this.limits.turns - 1) return 'turns'
    return undefined
  }

  /** True once any budget is close enough to its end that the model should wrap up. */
  nearlyExhausted(): boolean {
    return this.nearing().length > 0
  }

  /** The budgets close to their end, in a fixed order. */
  nearing(): BudgetKind[] {
    const { limits } = this
    const near: BudgetKind[] = []
    if (limits.turns - this.turnsUsed <= 2) near.push('turns')
    if (this.toolCallsLeft() <= WARN_READS_LEFT) near.push('tool calls')
    if (this.tokensUsed >= (limits.tokens - this.reserveTokens) * WARN_SHARE) near.push('tokens')
    if (this.elapsedMs() >= (limits.wallClockMs - this.reserveMs) * WARN_SHARE) near.push('wall clock')
    return near
  }

  /** The budgets nearing their end that have not warned yet; each is reported once. */
  newWarnings(): BudgetKind[] {
    const fresh = this.nearing().filter(kind => !this.warnedOf.has(kind))
    for (const kind of fresh) this.warnedOf.add(kind)
    return fresh
  }

  describe(kind: BudgetKind): string {
    const { limits } = this
    switch (kind) {
      case 'tool calls':
        return `${this.readsUsed} of ${limits.toolCalls} tool calls`
      case 'tokens':
        return `${this.tokensUsed} of ${limits.tokens} tokens`
      case 'wall clock':
        return `${Math.round(this.elapsedMs() / 1000)} s of ${Math.round(limits.wallClockMs / 1000)} s`
      case 'turns':
        return `${this.turnsUsed} of ${limits.turns} turns`
    }
  }

  /** What is left, for the note that asks the model to finish. */
  summary(): string {
    const { limits } = this
    return (
      `${Math.max(0, limits.turns - this.turnsUsed)} turns, ${this.toolCallsLeft()} tool calls, ` +
      `${Math.max(0, limits.tokens - this.tokensUsed)} tokens and ${Math.round(this.remainingMs() / 1000)} s left`
    )
  }

  /**
   * One short line for the end of a turn's tool results: the turn the model is in now and what the working
   * budgets have left, e.g. "turn 9 of 16 · 12 reads left · 210k tokens left · 6 min left".
   */
  line(): string {
    const turn = Math.min(this.turnsUsed + 1, this.limits.turns)
    const tokens = this.workingTokensLeft()
    const ms = this.workingMsLeft()
    const time = ms >= 120_000 ? `${Math.floor(ms / 60_000)} min` : `${Math.floor(ms / 1000)} s`
    return (
      `turn ${turn} of ${this.limits.turns} · ${this.toolCallsLeft()} reads left · ` +
      `${tokens >= 10_000 ? `${Math.floor(tokens / 1000)}k` : tokens} tokens left · ${time} left`
    )
  }
}
