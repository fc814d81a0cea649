import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { readSettings } from '../src/action/inputs.js'
import { computeOutputs } from '../src/action/outputs.js'

const actionYml = readFileSync(resolve(import.meta.dirname, '../action.yml'), 'utf8')
const reference = readFileSync(resolve(import.meta.dirname, '../docs/inputs-and-outputs.md'), 'utf8')

/** The names in the first column of the table under the heading `## name` of docs/inputs-and-outputs.md. */
function referenceTable(name: string): string[] {
  const start = reference.indexOf(`\n## ${name}\n`)
  if (start === -1) return []
  const end = reference.indexOf('\n## ', start + 1)
  const rows = reference
    .slice(start, end === -1 ? undefined : end)
    .split('\n')
    .filter(line => line.startsWith('|'))
  return rows
    .slice(2)
    .flatMap(row =>
      [...(row.split('|')[1] ?? '').matchAll(/`([a-z][a-z-]*)`/g)].map(match => match[1] as string)
    )
    .sort()
}

/** The entries of a top-level section, with their indented fields. */
function section(name: string): Map<string, string> {
  const entries = new Map<string, string>()
  const lines = actionYml.split('\n')
  let inside = false
  let current: string | undefined
  for (const line of lines) {
    if (/^\S/.test(line)) {
      inside = line.startsWith(`${name}:`)
      current = undefined
      continue
    }
    if (!inside) continue
    const entry = /^ {2}([a-z][a-z-]*):\s*$/.exec(line)
    if (entry) {
      current = entry[1] as string
      entries.set(current, '')
    } else if (current) {
      entries.set(current, `${entries.get(current)}${line}\n`)
    }
  }
  return entries
}

describe('action.yml', () => {
  it('declares exactly the inputs the action reads, each described with its default, and leaves them empty', () => {
    const declared = section('inputs')
    const read = new Set<string>()
    readSettings(name => {
      read.add(name)
      return { 'anthropic-api-key': 'k', 'github-token': 't' }[name] ?? ''
    })
    expect([...declared.keys()].sort()).toEqual([...read].sort())
    for (const [name, fields] of declared) {
      expect(`${name}: ${/description:/.test(fields)}`).toBe(`${name}: true`)
      if (/required: true/.test(fields)) continue
      // The defaults are in code: an input left unset reads as '', so that a value set in the workflow can be
      // told from the default, and the configuration file can fill in what the workflow leaves out.
      const value = /\n {4}default: (.*)\n/.exec(`\n${fields}`)?.[1]
      expect(`${name}: ${value}`).toBe(`${name}: ${name === 'github-token' ? '${{ github.token }}' : "''"}`)
      expect(`${name}: ${/\b[Dd]efault\b/.test(fields.replace(/\n {4}default: .*\n/, '\n'))}`).toBe(
        `${name}: true`
      )
    }
  })

  it('declares exactly the outputs the action sets', () => {
    const outputs = computeOutputs({ findings: [], findingsFile: '/tmp/f.json' })
    expect([...section('outputs').keys()].sort()).toEqual(Object.keys(outputs).sort())
  })

  it('runs the committed bundle on node24', () => {
    expect(actionYml).toMatch(/runs:\n {2}using: node24\n {2}main: dist\/index\.js/)
  })

  it('is what the inputs and outputs tables of the docs list', () => {
    expect(referenceTable('Inputs')).toEqual([...section('inputs').keys()].sort())
    expect(referenceTable('Outputs')).toEqual([...section('outputs').keys()].sort())
  })
})
