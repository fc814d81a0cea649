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

/** Counts what the loop has spent and says which budget, if any, has run out. */
export class BudgetTracker {
  private turnsUsed = 0
  private toolCallsUsed = 0
  /** Repository reads: the calls the tool-call budget limits. */
  private readsUsed = 0
  private tokensUsed = 0
  private readonly startedAt: number

  constructor(
    readonly limits: BudgetLimits,
    private readonly now: () => number
  ) {
    this.startedAt = now()
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

  /** True when the next request is the run's last turn: its reads would come back too late to be used. */
  onLastTurn(): boolean {
    return this.limits.turns - this.turnsUsed <= 1
  }

  remainingMs(): number {
    return Math.max(0, this.limits.wallClockMs - this.elapsedMs())
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

  /** True once any budget is close enough to its end that the model should wrap up. */
  nearlyExhausted(): boolean {
    const { limits } = this
    return (
      limits.turns - this.turnsUsed <= 2 ||
      limits.toolCalls - this.readsUsed <= 3 ||
      this.tokensUsed >= limits.tokens * 0.85 ||
      this.elapsedMs() >= limits.wallClockMs * 0.85
    )
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
}
