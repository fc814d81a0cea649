/** The number, undefined when absent, or the message for a value that is not a positive integer. */
export function positiveInteger(value: string | undefined, flag: string): number | undefined | string {
  if (value === undefined) return undefined
  const n = Number(value)
  return Number.isInteger(n) && n > 0 ? n : `${flag} must be a positive whole number, got '${value}'`
}
