/** Overrides of a test record's fields; a field given as undefined is removed from the record. */
export type Overrides<T> = { [K in keyof T]?: T[K] | undefined }

/** `base` with `overrides` applied, keeping the record free of undefined fields as the product code does. */
export function overridden<T extends object>(base: T, overrides: Overrides<T>): T {
  const record: Record<string, unknown> = { ...base, ...overrides }
  for (const key of Object.keys(record)) if (record[key] === undefined) delete record[key]
  return record as T
}
