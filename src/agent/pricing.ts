import type { Logger } from '../logger.js'

/** Dollars per million tokens. `cacheWrite` is the 5-minute write, the only cache the loop asks for. */
export interface Price {
  family: string
  input: number
  output: number
  cacheWrite: number
  cacheRead: number
}

/**
 * The one price table, from the published model pages. First match wins, so a more specific family comes
 * before the broader one that would also match it. Haiku 5.5 is billed higher above 100k prompt tokens;
 * the table holds the lower band, which is where a review's requests fall.
 */
const PRICES: ReadonlyArray<{ pattern: RegExp; price: Price }> = [
  { pattern: /(fable|mythos)-5-1/, price: p('Claude Fable/Mythos 5.1', 10, 50, 12.5, 0.25) },
  { pattern: /(fable|mythos)-5/, price: p('Claude Fable/Mythos 5', 10, 50, 12.5, 1) },
  { pattern: /opus-5-5/, price: p('Claude Opus 5.5', 4, 20, 5, 0.2) },
  { pattern: /opus-(5|4-[5-9])/, price: p('Claude Opus 4.5–5', 5, 25, 6.25, 0.5) },
  { pattern: /opus-4|3-opus|opus-3/, price: p('Claude Opus 3–4.1', 15, 75, 18.75, 1.5) },
  { pattern: /sonnet-5/, price: p('Claude Sonnet 5', 2, 10, 2.5, 0.2) },
  { pattern: /sonnet-4|3-[57]-sonnet|sonnet-3/, price: p('Claude Sonnet 3.5–4.6', 3, 15, 3.75, 0.3) },
  { pattern: /haiku-5/, price: p('Claude Haiku 5.5', 0.1, 0.5, 0.125, 0.01) },
  { pattern: /haiku-4/, price: p('Claude Haiku 4.5', 1, 5, 1.25, 0.1) },
  { pattern: /3-5-haiku|haiku-3-5/, price: p('Claude Haiku 3.5', 0.8, 4, 1, 0.08) },
  { pattern: /3-haiku|haiku-3/, price: p('Claude Haiku 3', 0.25, 1.25, 0.3, 0.03) }
]

/**
 * A model id the table does not know (a gateway's alias, a Bedrock application inference profile ARN, a new
 * model): its cost is not guessed from another model's price but reported as unknown, at $0.
 */
export const UNKNOWN_MODEL_PRICE: Price = p('unknown price', 0, 0, 0, 0)

function p(family: string, input: number, output: number, cacheWrite: number, cacheRead: number): Price {
  return { family, input, output, cacheWrite, cacheRead }
}

/**
 * Bedrock's model ids: `anthropic.<model>[-vN[:M]]`, optionally behind a cross-region inference profile's
 * geography (`us.`, `eu.`, `apac.`, ...) or `global.`, or inside an inference profile ARN.
 */
const BEDROCK_ID =
  /^(?:arn:aws[a-z-]*:bedrock:[^:]*:\d*:(?:inference-profile|foundation-model)\/)?(?:([a-z]{2,6}(?:-gov)?)\.)?anthropic\.(claude-[a-z0-9-]+?)(?:-v\d+(?::\d+)?)?$/
/** Vertex AI's model ids: `claude-<model>@<date>` (or `@latest`); the bare `claude-<model>` is priced as first-party. */
const VERTEX_ID = /^(claude-[a-z0-9-]+)@(?:\d{8}|latest)$/
const FIRST_PARTY_ID = /^claude-[a-z0-9-]+$/

/**
 * Geographic and in-region Bedrock ids cost about 10% more than the `global.` profile (Amazon's note on
 * global cross-Region inference); Anthropic's list price is taken for `global.`.
 */
const BEDROCK_REGIONAL_MARKUP = 1.1

function scaled(price: Price, factor: number, where: string): Price {
  return p(
    `${price.family}, ${where}`,
    price.input * factor,
    price.output * factor,
    price.cacheWrite * factor,
    price.cacheRead * factor
  )
}

function listPrice(id: string): Price | undefined {
  return PRICES.find(entry => entry.pattern.test(id))?.price
}

/** The price of a model id in any provider's form; an id of none of those forms has an unknown price. */
export function priceFor(model: string, logger?: Logger): Price {
  const id = model.toLowerCase()
  const bedrock = BEDROCK_ID.exec(id)
  const vertex = VERTEX_ID.exec(id)
  let price: Price | undefined
  if (bedrock) {
    const list = listPrice(bedrock[2] as string)
    const global = bedrock[1] === 'global'
    if (list)
      price = scaled(list, global ? 1 : BEDROCK_REGIONAL_MARKUP, global ? 'Bedrock global' : 'Bedrock')
  } else if (vertex) {
    const list = listPrice(vertex[1] as string)
    if (list) price = scaled(list, 1, 'Vertex AI')
  } else if (FIRST_PARTY_ID.test(id)) {
    price = listPrice(id)
  }
  if (price) return price
  logger?.warning(`No price is known for model '${model}'; its cost is reported as unknown price ($0).`)
  return UNKNOWN_MODEL_PRICE
}

/** Token counts and cost of a run, as reported by the API after every response. */
export interface Usage {
  inputTokens: number
  outputTokens: number
  cacheReadTokens: number
  cacheWriteTokens: number
  costUsd: number
  priceFamily: string
}

/** The fields of an API usage object the accounting reads; the cache counts may be null or absent. */
export interface ApiUsage {
  input_tokens: number
  output_tokens: number
  cache_creation_input_tokens?: number | null
  cache_read_input_tokens?: number | null
}

export function emptyUsage(price: Price): Usage {
  return {
    inputTokens: 0,
    outputTokens: 0,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    costUsd: 0,
    priceFamily: price.family
  }
}

export function costOf(usage: ApiUsage, price: Price): number {
  const perToken = 1 / 1_000_000
  return (
    usage.input_tokens * price.input * perToken +
    usage.output_tokens * price.output * perToken +
    (usage.cache_creation_input_tokens ?? 0) * price.cacheWrite * perToken +
    (usage.cache_read_input_tokens ?? 0) * price.cacheRead * perToken
  )
}

/** Adds one response's usage to a running total (in place, so a failed run keeps what it spent). */
export function addUsage(total: Usage, usage: ApiUsage, price: Price): void {
  total.inputTokens += usage.input_tokens
  total.outputTokens += usage.output_tokens
  total.cacheWriteTokens += usage.cache_creation_input_tokens ?? 0
  total.cacheReadTokens += usage.cache_read_input_tokens ?? 0
  total.costUsd += costOf(usage, price)
}

export function formatUsage(usage: Usage): string {
  return (
    `${usage.inputTokens} input, ${usage.outputTokens} output, ${usage.cacheReadTokens} cache-read and ` +
    `${usage.cacheWriteTokens} cache-write tokens; $${usage.costUsd.toFixed(4)} (${usage.priceFamily})`
  )
}
