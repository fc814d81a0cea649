/**
 * Writes redline.schema.json, the JSON Schema of .github/redline.yml, from the zod schema the action
 * validates the file with. `__tests__/engine/config.test.ts` checks that the committed file is what this writes.
 */
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { format } from 'prettier'
import { configJsonSchema } from '../src/engine/config.js'

export const SCHEMA_FILE = resolve(import.meta.dirname, '..', 'redline.schema.json')

/** The schema as committed: JSON in the repository's Prettier style. */
export function renderSchema(): Promise<string> {
  return format(JSON.stringify(configJsonSchema()), { parser: 'json', printWidth: 110 })
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  writeFileSync(SCHEMA_FILE, await renderSchema())
  console.log(`Wrote ${SCHEMA_FILE}`)
}
