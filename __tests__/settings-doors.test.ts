/**
 * Every place a setting is named agrees with the settings table (engine/settings-table.ts): action.yml's
 * inputs, the configuration file's keys (the table and example of docs/configuration.md, redline.schema.json),
 * the command line's flags and help (and docs/command-line.md), and the inputs table of docs/inputs-and-outputs.md. A name missing on either side fails here.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parse } from 'yaml'
import { FLAGS } from '../src/cli/args.js'
import { helpText } from '../src/cli/help.js'
import { configJsonSchema } from '../src/engine/config.js'
import { settingEntries, type SettingSpec } from '../src/engine/index.js'

const ROOT = resolve(import.meta.dirname, '..')
const actionYml = parse(readFileSync(resolve(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { description?: string; default?: string }>
}
const page = (name: string): string => readFileSync(resolve(ROOT, 'docs', name), 'utf8')

const sorted = (names: Iterable<string>): string[] => [...names].sort()
const withPlace = (place: (spec: SettingSpec<unknown>) => unknown): string[] =>
  sorted(settingEntries().flatMap(([name, spec]) => (place(spec) ? [name] : [])))
const fileKeys = sorted(settingEntries().flatMap(([, spec]) => (spec.file ? [spec.file] : [])))
const flagNames = sorted(settingEntries().flatMap(([, spec]) => (spec.flag ? [spec.flag.name] : [])))

/** The section of a docs page under `## name`. */
function section(text: string, name: string): string {
  const start = text.indexOf(`\n## ${name}\n`)
  if (start === -1) throw new Error(`no section ${name}`)
  const end = text.indexOf('\n## ', start + 1)
  return text.slice(start, end === -1 ? undefined : end)
}

/** The rows of the first table in a text: its cells, header and rule left out. */
function tableRows(text: string): string[][] {
  const rows = text.split('\n').filter(line => line.startsWith('|'))
  return rows.slice(2).map(row =>
    row
      .split('|')
      .slice(1, -1)
      .map(cell => cell.trim())
  )
}

/** The names in backticks in a cell: `paths.exclude`, `min-severity`. */
const named = (cell: string): string[] => [...cell.matchAll(/`([a-z][a-z.-]*)`/g)].map(m => m[1] as string)

/** Every key of a nested map, dotted. */
function dottedKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix]
  return Object.entries(value).flatMap(([key, inner]) =>
    prefix === '' && key === 'path-instructions'
      ? [key]
      : dottedKeys(inner, prefix ? `${prefix}.${key}` : key)
  )
}

describe('the settings table and the places settings are named', () => {
  it('has every action.yml input, and action.yml every input of the table, each described with its default', () => {
    expect(sorted(Object.keys(actionYml.inputs))).toEqual(withPlace(spec => spec.input))
    for (const [name, input] of Object.entries(actionYml.inputs)) {
      expect(`${name}: ${/\bdefault\b/i.test(input.description ?? '')}`).toBe(`${name}: true`)
      // Left empty, so that the file can fill in what the workflow leaves out (the token's is the runner's).
      expect(`${name}: ${input.default}`).toBe(
        `${name}: ${name === 'github-token' ? '${{ github.token }}' : ''}`
      )
    }
  })

  it('has every configuration key, in redline.schema.json, and the table and the example of the docs', () => {
    const schema = configJsonSchema() as { properties: Record<string, unknown> }
    expect(sorted(dottedKeys(jsonSchemaKeys(schema.properties)))).toEqual(fileKeys)
    const configuration = page('configuration.md')
    const rows = tableRows(configuration)
    expect(sorted(rows.flatMap(row => named(row[0] ?? '')))).toEqual(fileKeys)
    const example = /```yaml\n([\s\S]*?)```/.exec(configuration)?.[1] ?? ''
    expect(sorted(dottedKeys(parse(example)))).toEqual(fileKeys)
  })

  it('has every input of the docs table, with the default the table gives', () => {
    const rows = tableRows(section(page('inputs-and-outputs.md'), 'Inputs'))
    expect(sorted(rows.flatMap(row => named(row[0] ?? '')))).toEqual(withPlace(spec => spec.input))
    const byName = new Map(settingEntries())
    for (const [cell, shown] of rows) {
      const spec = byName.get(named(cell ?? '')[0] as never)
      const value = spec?.default
      if (typeof value === 'function' || value === undefined || value === '' || Array.isArray(value)) continue
      expect(`${cell}: ${shown}`).toContain(`\`${String(value)}\``)
    }
  })

  it('has every flag of the command line, its help and the docs, and no other', () => {
    expect(sorted(FLAGS.keys())).toEqual(flagNames)
    const helped = [...helpText().matchAll(/^ {2}(--[a-z-]+)/gm)].map(m => m[1] as string)
    expect(sorted(helped.filter(flag => flag !== '--version'))).toEqual(flagNames)
    const local = section(page('command-line.md'), 'Review a branch')
    const mentioned = new Set([...local.matchAll(/`(--[a-z-]+)/g)].map(m => m[1] as string))
    expect(sorted([...mentioned].filter(flag => flag !== '--help'))).toEqual(flagNames)
  })

  it('says of every setting where it may come from, and keeps secrets out of the file', () => {
    for (const [name, spec] of settingEntries()) {
      const places = [spec.input, spec.file, spec.flag, spec.env].filter(place => place !== undefined)
      expect(`${name}: ${places.length}`).not.toBe(`${name}: 0`)
      expect(`${name}: ${Boolean(spec.secret || spec.workflowOnly) && spec.file !== undefined}`).toBe(
        `${name}: false`
      )
    }
  })
})

/** The schema's properties as nested keys (a group's properties inside it). */
function jsonSchemaKeys(properties: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(properties).map(([key, value]) => {
      const inner = (value as { type?: string; properties?: Record<string, unknown> }).properties
      return [key, inner && key !== 'path-instructions' ? jsonSchemaKeys(inner) : true]
    })
  )
}
