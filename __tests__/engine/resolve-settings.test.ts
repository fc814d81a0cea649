import { describe, expect, it } from '@jest/globals'
import {
  acceptedText,
  resolveSettings,
  settingEntries,
  SETTINGS,
  type SettingsSources
} from '../../src/engine/index.js'

const rejection: SettingsSources['rejection'] = (name, source, text, accepted) =>
  new Error(
    `${source.kind === 'environment' ? source.variable : name} is '${text}'. Expected ${acceptedText(accepted)}.`
  )

function cli(
  flags: Record<string, string>,
  env: Record<string, string> = {},
  file?: Record<string, unknown>
) {
  return resolveSettings({
    door: 'cli',
    given: name => flags[name],
    env,
    rejection,
    ...(file ? { file } : {})
  })
}

const origins = (sources: ReadonlyArray<{ name: string; from: string }>) =>
  Object.fromEntries(sources.map(source => [source.name, source.from]))

describe('resolveSettings', () => {
  it('takes the flag over the environment, the environment over the file, and the file over the default', () => {
    const { values, sources } = cli(
      { 'min-severity': 'LOW', 'aws-region': 'eu-west-1' },
      { AWS_REGION: 'us-east-1', GOOGLE_CLOUD_PROJECT: 'proj', ANTHROPIC_API_KEY: 'sk-ant-x' },
      { 'min-severity': 'high', budget: 'fast', paths: { exclude: ['legacy/**'] } }
    )
    expect(values).toMatchObject({
      'min-severity': 'low',
      'aws-region': 'eu-west-1',
      'vertex-project': 'proj',
      'anthropic-api-key': 'sk-ant-x',
      budget: 'fast',
      exclude: ['legacy/**'],
      'max-comments': 4
    })
    expect(origins(sources)).toMatchObject({
      'min-severity': 'flag',
      'aws-region': 'flag',
      'vertex-project': 'environment',
      'anthropic-api-key': 'environment',
      budget: 'file',
      exclude: 'file',
      'max-comments': 'default'
    })
  })

  it('never reads the environment for the action, nor a setting the door does not have', () => {
    const { values, sources } = resolveSettings({
      door: 'action',
      given: name => ({ 'aws-region': '', base: 'main', 'min-severity': 'high' })[name as string],
      env: { AWS_REGION: 'us-east-1' },
      rejection
    })
    expect(values['aws-region']).toBeUndefined()
    expect(values.base).toBeUndefined()
    expect(origins(sources)).toMatchObject({ 'min-severity': 'workflow', 'aws-region': 'default' })
    expect(origins(sources)).not.toHaveProperty('base')
  })

  it('follows the budget for the defaults that depend on it, wherever the budget came from', () => {
    expect(cli({}, {}, { budget: 'deep' }).values).toMatchObject({
      'time-limit': 40,
      'verify-findings': true
    })
    expect(cli({ budget: 'fast' }).values).toMatchObject({ 'time-limit': 4, 'verify-findings': false })
    expect(cli({ 'time-limit': '0.5' }, {}, { 'time-limit': 12 }).values['time-limit']).toBe(0.5)
  })

  it('rejects a text in the words of the door, naming the variable when it came from the environment', () => {
    expect(() => cli({ budget: 'huge' })).toThrow("budget is 'huge'. Expected one of fast, standard, deep.")
    expect(() => cli({}, { ANTHROPIC_BASE_URL: 'ftp://x' })).toThrow(
      "ANTHROPIC_BASE_URL is 'ftp://x'. Expected an http(s) URL."
    )
  })

  it('shows a secret as set, never its value', () => {
    const shown = cli({}, { ANTHROPIC_API_KEY: 'sk-ant-secret' }).sources
    expect(shown.find(source => source.name === 'anthropic-api-key')).toEqual({
      name: 'anthropic-api-key',
      value: 'set',
      from: 'environment'
    })
    expect(JSON.stringify(shown)).not.toContain('sk-ant-secret')
  })

  it('gives every setting a description, a type and a place it may come from', () => {
    for (const [name, spec] of settingEntries()) {
      const places = [spec.input, spec.file, spec.flag, spec.env].filter(place => place !== undefined)
      expect(`${name}: ${places.length > 0 && spec.description.length > 10}`).toBe(`${name}: true`)
      expect(`${name}: ${spec.secret === true && spec.file !== undefined}`).toBe(`${name}: false`)
    }
    expect(Object.keys(SETTINGS)).toContain('min-severity')
  })
})
