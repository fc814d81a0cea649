/**
 * docs/organisation.md: its table of how each key of the organisation's file meets the repository's is the
 * settings table's (engine/settings-table.ts), and what it names exists.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parse } from 'yaml'
import { LAYERINGS, layeringOf, settingEntries } from '../src/engine/index.js'

const ROOT = resolve(import.meta.dirname, '..')
const page = readFileSync(resolve(ROOT, 'docs/organisation.md'), 'utf8')

/** The rows of the table after the generated-from comment: its cells, header and rule left out. */
function layeringRows(): string[][] {
  const start = page.indexOf('<!-- generated from the settings table')
  const lines = page.slice(start).split('\n').slice(1)
  const table = lines.slice(lines.findIndex(line => line.startsWith('|')))
  const rows = table.slice(
    0,
    table.findIndex(line => !line.startsWith('|'))
  )
  return rows.slice(2).map(row =>
    row
      .split('|')
      .slice(1, -1)
      .map(cell => cell.trim())
  )
}

describe('the organisation rollout page', () => {
  it("gives every key of the file the settings table's layering rule, in its words and order", () => {
    const expected = settingEntries().flatMap(([, spec]) =>
      spec.file !== undefined ? [[`\`${spec.file}\``, LAYERINGS[layeringOf(spec)!]]] : []
    )
    expect(layeringRows()).toEqual(expected)
  })

  it("names the reusable workflow's inputs and secrets as it declares them", () => {
    const workflow = parse(readFileSync(resolve(ROOT, '.github/workflows/redline.yml'), 'utf8')) as {
      on: { workflow_call: { inputs: Record<string, unknown>; secrets: Record<string, unknown> } }
    }
    const declared = [
      ...Object.keys(workflow.on.workflow_call.inputs),
      ...Object.keys(workflow.on.workflow_call.secrets)
    ]
    for (const name of declared) expect(`${name}: ${page.includes(`\`${name}\``)}`).toBe(`${name}: true`)
  })
})
