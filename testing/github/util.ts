/** Small helpers shared by the stand-in's modules. */

export function nowIso(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/** GitHub counts characters, not UTF-16 code units. */
export function charCount(text: string): number {
  let count = 0
  for (const _ of text) count += 1
  return count
}

export function stableNumber(text: string, floor: number): number {
  let hash = 2166136261
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 16777619) >>> 0
  }
  return floor + (hash % 90_000_000)
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function deepMerge(
  target: Record<string, unknown>,
  source: Record<string, unknown>
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target }
  for (const [key, value] of Object.entries(source)) {
    const existing = out[key]
    out[key] = isRecord(value) && isRecord(existing) ? deepMerge(existing, value) : value
  }
  return out
}
