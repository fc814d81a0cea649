import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { ConfigurationError } from '../../src/errors.js'
import {
  configChangeNote,
  configProblems,
  configJsonSchema,
  nearestKey,
  parseConfig,
  parseInstructionsFile
} from '../../src/engine/config.js'
import { readSettings } from '../../src/action/inputs.js'
import { renderSchema, SCHEMA_FILE } from '../../scripts/schema.js'

const FILE = '.github/redline.yml'

function errorOf(text: string): string {
  try {
    parseConfig(FILE, text)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError)
    return (error as Error).message
  }
  throw new Error('parsed')
}

describe('the configuration file', () => {
  it('reads every key', () => {
    const values = parseConfig(
      FILE,
      [
        'model: claude-opus-5-5',
        'min-severity: high',
        'max-comments: 2',
        'budget: deep',
        'time-limit: 12.5',
        'fail-on: critical',
        'review-drafts: true',
        'verify-findings: true',
        "skip-authors: ['*[bot]']",
        'instructions: Prefer early returns.',
        'language: pt-BR',
        'paths: { exclude: [legacy/**], include: [docs/**/*.ts] }',
        'path-instructions:',
        '  - paths: [migrations/**]',
        '    instructions: Every migration is reversible.',
        'labels: { skip: no-review, review: please-review }'
      ].join('\n')
    )
    expect(values).toMatchObject({
      'min-severity': 'high',
      'time-limit': 12.5,
      paths: { include: ['docs/**/*.ts'] },
      'path-instructions': [{ paths: ['migrations/**'] }],
      labels: { skip: 'no-review' }
    })
    expect(parseConfig(FILE, '# nothing set yet\n')).toEqual({})
  })

  it('fails with one line naming the file, the key, its line and what is expected', () => {
    const line = errorOf('budget: fast\nmin-severity: extreme\n')
    expect(line).toBe(
      `Invalid ${FILE}: min-severity (line 2) is 'extreme'; expected one of informational, low, medium, high, critical.`
    )
    expect(line).not.toContain('\n')
    expect(errorOf('path-instructions:\n  - paths: []\n    instructions: x\n')).toMatch(
      /^Invalid \.github\/redline\.yml: path-instructions\[0\]\.paths \(line 2\) is \[\]; expected a list of at least one glob\.$/
    )
    expect(errorOf('max-comments: many')).toContain('max-comments (line 1)')
  })

  it('suggests the nearest known key for an unknown one, at its line', () => {
    expect(errorOf('budget: fast\nmin_severty: high\n')).toMatch(
      /^Invalid \.github\/redline\.yml: min_severty \(line 2\) is not a known key; did you mean min-severity\? Known keys: /
    )
    expect(errorOf('paths:\n  includes: [a]\n')).toContain(
      'paths.includes (line 2) is not a known key; did you mean include?'
    )
    expect(nearestKey('flurb', ['model', 'budget'])).toBeUndefined()
  })

  it('never takes a secret, a token or a base URL from the file', () => {
    for (const key of ['anthropic-api-key', 'github-token', 'anthropic-base-url'])
      expect(errorOf(`model: x\n${key}: value\n`)).toBe(
        `Invalid ${FILE}: ${key} (line 2) cannot be set in the file: keys, tokens and base URLs come from the workflow only.`
      )
  })

  it('says where YAML itself is broken, and refuses a file that is not a map', () => {
    expect(errorOf('budget: fast\nbudget: deep\n')).toBe(
      `Invalid ${FILE}: line 2: Map keys must be unique (expected YAML).`
    )
    expect(errorOf('- high\n')).toContain('expected a map of settings')
  })

  it('lists every problem at once, each at its line, while a run fails with the first', () => {
    const text = 'min-severity: extreme\ntoken: x\npaths:\n  excludes: [a]\nmax-comments: 51\n'
    expect(configProblems(text).problems.map(p => `${p.line} ${p.key}`)).toEqual([
      '2 token',
      '1 min-severity',
      '5 max-comments',
      '4 paths.excludes'
    ])
    expect(errorOf(text)).toBe(
      `Invalid ${FILE}: token (line 2) cannot be set in the file: keys, tokens and base URLs come from the workflow only.`
    )
    expect(configProblems('budget: fast\n')).toEqual({ values: { budget: 'fast' }, problems: [] })
  })

  it('reads Copilot-style instructions files by their applyTo front matter', () => {
    expect(
      parseInstructionsFile('---\napplyTo: "src/**/*.ts, test/**"\n---\nUse the logger, never console.\n')
    ).toEqual({ paths: ['src/**/*.ts', 'test/**'], instructions: 'Use the logger, never console.' })
    expect(parseInstructionsFile('No front matter.\n')).toBeUndefined()
  })

  it('notes a pull request that changes the configuration', () => {
    expect(configChangeNote(['src/a.ts', '.github/redline.yml'])).toContain('takes effect after merge')
    expect(configChangeNote(['.github/instructions/sql.instructions.md'])).toContain('sql.instructions.md')
    expect(configChangeNote(['src/a.ts', '.github/redline.yaml.bak'])).toBeUndefined()
  })

  it('is what redline.schema.json describes: the committed schema is the one the zod schema generates', async () => {
    // After a change to the schema, `npm run schema` writes the file again.
    expect(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8'))).toEqual(configJsonSchema())
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(await renderSchema())
  })
})

describe('settings from the workflow, the file and the defaults', () => {
  const inputs =
    (values: Record<string, string>) =>
    (name: string): string =>
      ({ 'anthropic-api-key': 'k', 'github-token': 't', ...values })[name] ?? ''
  const config = (text: string) => ({
    commit: 'c'.repeat(40),
    path: FILE,
    values: parseConfig(FILE, text),
    pathRules: []
  })

  it('takes an input set in the workflow over the file, and the file over the default', () => {
    const settings = readSettings(
      inputs({ 'min-severity': 'low' }),
      config('min-severity: high\nbudget: fast\nlanguage: ja\npaths: { exclude: [a/**] }\n')
    )
    expect(settings).toMatchObject({
      minSeverity: 'low',
      budget: 'fast',
      timeLimitMs: 4 * 60_000,
      language: 'ja',
      exclude: ['a/**'],
      maxComments: 4
    })
    const from = Object.fromEntries(settings.sources.map(s => [s.name, s.from]))
    expect(from).toMatchObject({
      'min-severity': 'workflow',
      budget: 'file',
      language: 'file',
      exclude: 'file',
      'max-comments': 'default',
      'labels.skip': 'default'
    })
  })

  it('rejects a language that is not a BCP 47 tag', () => {
    expect(() => readSettings(inputs({ language: 'Japanese!' }))).toThrow(
      "Invalid value for input 'language': 'Japanese!'"
    )
    expect(readSettings(inputs({ language: 'PT-br' })).language).toBe('pt-BR')
  })
})
