import { describe, expect, it } from '@jest/globals'
import { readSettings } from '../../src/action/inputs.js'
import { resolveProvider } from '../../src/agent/providers/settings.js'
import { ConfigurationError } from '../../src/errors.js'

const reader = (values: Record<string, string>) => (name: string) =>
  ({ 'github-token': 'ghs_x', ...values })[name] ?? ''

describe('the provider inputs', () => {
  it('bedrock and vertex need no Anthropic key; anthropic still does', () => {
    const bedrock = readSettings(reader({ provider: 'bedrock', 'aws-region': 'eu-west-1' }))
    expect(bedrock).toMatchObject({ provider: 'bedrock', awsRegion: 'eu-west-1', anthropicApiKey: '' })
    const vertex = readSettings(
      reader({ provider: 'Vertex', 'vertex-project': 'my-project', 'vertex-region': 'global' })
    )
    expect(vertex).toMatchObject({ provider: 'vertex', vertexProject: 'my-project', vertexRegion: 'global' })
    expect(() => readSettings(reader({}))).toThrow(/^Input 'anthropic-api-key' is empty\./)
    expect(readSettings(reader({ 'anthropic-api-key': 'k' })).provider).toBeUndefined()
  })

  it('rejects a provider it does not know, naming the choices', () => {
    expect(() => readSettings(reader({ provider: 'azure' }))).toThrow(
      "Invalid value for input 'provider': 'azure'. Expected one of anthropic | bedrock | vertex."
    )
  })
})

describe('resolveProvider', () => {
  it('takes the input first, then AWS_REGION, then AWS_DEFAULT_REGION', () => {
    const env = { AWS_REGION: 'us-west-2', AWS_DEFAULT_REGION: 'eu-central-1' }
    expect(resolveProvider({ provider: 'bedrock', model: 'm', awsRegion: 'ap-south-1' }, env)).toMatchObject({
      region: 'ap-south-1'
    })
    expect(resolveProvider({ provider: 'bedrock', model: 'm' }, env)).toMatchObject({ region: 'us-west-2' })
    expect(
      resolveProvider({ provider: 'bedrock', model: 'm' }, { AWS_DEFAULT_REGION: 'eu-central-1' })
    ).toMatchObject({ region: 'eu-central-1' })
    expect(() => resolveProvider({ provider: 'bedrock', model: 'm' }, {})).toThrow(ConfigurationError)
  })

  it("sends the default model as Bedrock's id, and any other id as given", () => {
    const at = (model: string, region: string) =>
      resolveProvider({ provider: 'bedrock', model }, { AWS_REGION: region }).model
    expect(at('claude-sonnet-5-5', 'us-east-1')).toBe('us.anthropic.claude-sonnet-5-5')
    expect(at('claude-sonnet-5-5', 'eu-west-1')).toBe('anthropic.claude-sonnet-5-5')
    expect(at('eu.anthropic.claude-sonnet-5-5', 'eu-west-1')).toBe('eu.anthropic.claude-sonnet-5-5')
  })

  it('takes the Vertex inputs first, then GOOGLE_CLOUD_PROJECT and CLOUD_ML_REGION; the model as given', () => {
    const env = { GOOGLE_CLOUD_PROJECT: 'env-project', CLOUD_ML_REGION: 'europe-west1' }
    expect(resolveProvider({ provider: 'vertex', model: 'claude-opus-5-5@20261001' }, env)).toEqual({
      provider: 'vertex',
      project: 'env-project',
      region: 'europe-west1',
      model: 'claude-opus-5-5@20261001'
    })
    expect(
      resolveProvider({ provider: 'vertex', model: 'm', vertexProject: 'p', vertexRegion: 'global' }, env)
    ).toMatchObject({ project: 'p', region: 'global' })
    expect(() => resolveProvider({ provider: 'vertex', model: 'm' }, { GOOGLE_CLOUD_PROJECT: 'p' })).toThrow(
      /No Vertex AI region is set/
    )
    expect(() => resolveProvider({ provider: 'vertex', model: 'm' }, { CLOUD_ML_REGION: 'r' })).toThrow(
      /No Google Cloud project is set/
    )
  })
})

describe('redline review --provider', () => {
  it('takes the provider and its region and project', async () => {
    const { parseArgs } = await import('../../src/cli/args.js')
    const { resolveLocal } = await import('../../src/cli/local-config.js')
    const { reviewSettingsOf } = await import('../../src/engine/index.js')
    const settingsOf = (argv: string[], env: Record<string, string> = {}) => {
      const command = parseArgs(argv)
      if (command.kind !== 'review') throw new Error('expected a review command')
      return reviewSettingsOf(resolveLocal(command.flags, env).values)
    }
    expect(
      settingsOf([
        'review',
        '--base',
        'main',
        '--provider',
        'vertex',
        '--vertex-project=p',
        '--vertex-region',
        'global'
      ])
    ).toMatchObject({ provider: 'vertex', vertexProject: 'p', vertexRegion: 'global' })
    expect(
      settingsOf(['review', '--base', 'main', '--provider', 'bedrock', '--aws-region', 'us-east-1'], {
        AWS_REGION: 'eu-west-1'
      })
    ).toMatchObject({ provider: 'bedrock', awsRegion: 'us-east-1' })
    expect(settingsOf(['review', '--base', 'main'])).not.toHaveProperty('provider')
    expect(() => parseArgs(['review', '--base', 'main', '--provider', 'azure'])).toThrow(
      "--provider is 'azure'. Expected one of anthropic, bedrock, vertex."
    )
  })
})
