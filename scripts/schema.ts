/**
 * Writes redline.schema.json, the JSON Schema of .github/redline.yml, from the zod schema the action
 * validates the file with. `__tests__/engine/config.test.ts` checks that the committed file is what this writes.
 */
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { configJsonSchema } from '../src/engine/config.js'

export const SCHEMA_FILE = resolve(import.meta.dirname, '..', 'redline.schema.json')

export function renderSchema(): string {
  return `${JSON.stringify(configJsonSchema(), null, 2)}\n`
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  writeFileSync(SCHEMA_FILE, renderSchema())
  console.log(`Wrote ${SCHEMA_FILE}`)
}
