/**
 * The organisation's file beneath the repository's: read forgivingly, layered key by key, with the list and
 * text keys added up and the rule cap taken from the organisation's last rules.
 */
import { describe, expect, it } from '@jest/globals'
import {
  droppedRulesWarning,
  LAYERINGS,
  layeringOf,
  organisationConfigOf,
  organisationFromRead,
  resolveSettings,
  reviewSettingsOf,
  settingEntries,
  type RepositoryConfig,
  type SettingsSources
} from '../../src/engine/index.js'

const FILE = 'acme/.github:.github/redline.yml'
const rejection: SettingsSources['rejection'] = (name, _source, text) => new Error(`${name}: ${text}`)

function organisation(config: string, learned?: string) {
  return organisationConfigOf({
    repository: 'acme/.github',
    branch: 'main',
    config,
    ...(learned !== undefined ? { learned } : {})
  })
}

function repository(values: Record<string, unknown>, learned?: string[]): RepositoryConfig {
  const rules = (values['path-instructions'] ?? []) as Array<{ paths: string[]; instructions: string }>
  return {
    commit: 'a'.repeat(40),
    path: '.github/redline.yml',
    values,
    pathRules: rules.map(rule => ({ source: '.github/redline.yml', ...rule })),
    ...(learned ? { learnedRules: learned.map(text => ({ title: text, text, paths: [] })) } : {})
  }
}

function resolve(inputs: Record<string, string>, repo?: RepositoryConfig, org?: Record<string, unknown>) {
  return resolveSettings({
    door: 'action',
    given: name => inputs[name],
    rejection,
    ...(repo ? { file: repo.values } : {}),
    ...(org ? { organisation: org } : {})
  })
}

const rule = (n: number) => ({ paths: ['src/**'], instructions: `rule ${n}` })

describe("the organisation's file", () => {
  it('keeps what this version knows and warns once for each key it does not, naming it', () => {
    const { organisation: org, warnings } = organisation(
      'min-severity: high\nreview-style: terse\npaths:\n  exclude: [a/**]\n  archive: [b/**]\nmax-comments: many\n'
    )
    expect(org.values).toEqual({ 'min-severity': 'high', paths: { exclude: ['a/**'] } })
    expect(warnings).toEqual([
      expect.stringMatching(
        /^Invalid acme\/\.github:\.github\/redline\.yml: review-style \(line 2\) is not a known key/
      ),
      expect.stringMatching(/paths\.archive \(line 5\) is not a known key/),
      expect.stringMatching(/max-comments \(line 6\) is 'many'; expected a whole number/)
    ])
    for (const warning of warnings)
      expect(warning).toMatch(/Ignored; the rest of the organisation's file applies\.$/)
  })

  it('leaves checks, evidence and secrets to the repository, with a warning', () => {
    const { organisation: org, warnings } = organisation(
      'checks:\n  - name: x\n    run: rm -rf /\n    format: sarif\n    timeout: 1\nevidence: ["*.sarif"]\nanthropic-api-key: sk\nbudget: deep\n'
    )
    expect(org.values).toEqual({ budget: 'deep' })
    expect(warnings[0]).toBe(
      `${FILE}: evidence and checks are the repository's own (they decide what code runs), so the organisation's file cannot set them: ignored.`
    )
    expect(warnings[1]).toMatch(/anthropic-api-key \(line 7\) cannot be set in the file/)
  })

  it('is not used at all when it is not YAML or not a map, with one warning naming it', () => {
    for (const text of ['min-severity: [\n', '- a\n- b\n']) {
      const { organisation: org, warnings } = organisation(text)
      expect(org.values).toEqual({})
      expect(warnings).toEqual([
        expect.stringMatching(
          /^Invalid acme\/\.github:\.github\/redline\.yml.*The organisation's settings are not used\.$/
        )
      ])
    }
  })

  it('says a missing repository or file once, as a notice, and an unreadable one as a warning', () => {
    expect(organisationFromRead('acme/.github', { kind: 'no-repository' })).toEqual({
      notice: expect.stringMatching(/^No organisation defaults: acme\/\.github was not found/),
      warnings: []
    })
    const empty = organisationFromRead('acme/.github', { kind: 'read', branch: 'main', files: new Map() })
    expect(empty.notice).toMatch(/is not on acme\/\.github's default branch \(main\)/)
    const refused = organisationFromRead('acme/.github', {
      kind: 'unreadable',
      path: '.github/redline.yml',
      status: 403,
      reason: 'Resource not accessible by integration'
    })
    expect(refused.notice).toBeUndefined()
    expect(refused.warnings).toEqual([
      expect.stringMatching(/^Could not read acme\/\.github:\.github\/redline\.yml \(HTTP 403\)/)
    ])
  })
})

describe('layering', () => {
  it('takes inputs over the repository, the repository over the organisation, the organisation over defaults', () => {
    const org = organisation(
      'min-severity: low\nbudget: fast\nmodel: claude-org\nmax-comments: 9\n'
    ).organisation
    const repo = repository({ 'min-severity': 'high', budget: 'deep' })
    const { values, sources } = resolve({ budget: 'standard' }, repo, org.values)
    expect(values).toMatchObject({
      budget: 'standard',
      'min-severity': 'high',
      model: 'claude-org',
      'max-comments': 9
    })
    const from = Object.fromEntries(sources.map(source => [source.name, source.from]))
    expect(from).toMatchObject({
      budget: 'workflow',
      'min-severity': 'file',
      model: 'organisation',
      language: 'default'
    })
  })

  it('adds up instructions (the organisation first), the lists (a union), and shows each part', () => {
    const org = organisation(
      'instructions: Org text.\nskip-authors: [bot, org-bot]\npaths:\n  exclude: [o/**]\n  include: [vendor/org/**]\n'
    ).organisation
    const repo = repository({
      instructions: 'Repo text.',
      'skip-authors': ['bot', 'me'],
      paths: { exclude: ['r/**'] }
    })
    const { values, sources } = resolve({}, repo, org.values)
    expect(values.instructions).toBe('Org text.\n\nRepo text.')
    expect(values['skip-authors']).toEqual(['bot', 'org-bot', 'me'])
    expect(values.exclude).toEqual(['o/**', 'r/**'])
    expect(values['paths.include']).toEqual(['vendor/org/**'])
    const shown = Object.fromEntries(sources.map(source => [source.name, source]))
    expect(shown['skip-authors']).toEqual({
      name: 'skip-authors',
      value: 'bot, org-bot, me',
      from: 'file',
      parts: [
        { from: 'organisation', value: 'bot, org-bot' },
        { from: 'file', value: 'bot, me' }
      ]
    })
    expect(shown['paths.include']).toMatchObject({ from: 'organisation' })
    expect(shown['paths.include']?.parts).toBeUndefined()
  })

  it('lets an input replace an added-up key outright', () => {
    const org = organisation('instructions: Org text.\npaths:\n  exclude: [o/**]\n').organisation
    const repo = repository({ instructions: 'Repo text.' })
    const { values, sources } = resolve({ instructions: 'Input text.', exclude: 'i/**' }, repo, org.values)
    expect(values.instructions).toBe('Input text.')
    expect(values.exclude).toEqual(['i/**'])
    expect(sources.find(source => source.name === 'instructions')).toMatchObject({ from: 'workflow' })
  })

  it("gives every rule past the cap but the organisation's last, with a warning, and the repository's learned rules first", () => {
    const orgRules = Array.from({ length: 5 }, (_, i) => rule(i))
    const org = organisation(
      `path-instructions:\n${orgRules.map(r => `  - paths: ['src/**']\n    instructions: ${r.instructions}`).join('\n')}\n`,
      '## Org learned\n\nORG-LEARNED\n'
    ).organisation
    const repo = repository({ 'path-instructions': Array.from({ length: 47 }, (_, i) => rule(100 + i)) }, [
      'REPO-LEARNED'
    ])
    const settings = reviewSettingsOf(resolve({}, repo, org.values).values, repo, org)
    expect(settings.pathRules?.map(r => r.instructions)).toEqual([
      'rule 0',
      'rule 1',
      'rule 2',
      ...Array.from({ length: 47 }, (_, i) => `rule ${100 + i}`)
    ])
    expect(settings.pathRules?.[0]?.source).toBe(FILE)
    expect(droppedRulesWarning(repo, org)).toBe(
      "path-instructions: the repository's 47 rules and the organisation's 5 are more than the cap; the organisation's last 2 are left out."
    )
    expect(resolve({}, repo, org.values).values['path-instructions']).toHaveLength(50)
    expect(settings.learnedRules?.map(r => r.text)).toEqual(['REPO-LEARNED', 'ORG-LEARNED'])
  })

  it('names a rule for every key of the file, in words the docs print', () => {
    for (const [name, spec] of settingEntries()) {
      if (spec.file === undefined) expect(`${name}: ${layeringOf(spec)}`).toBe(`${name}: undefined`)
      else expect(LAYERINGS[layeringOf(spec)!]).toBeDefined()
    }
  })
})
