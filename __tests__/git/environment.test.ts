import { describe, expect, it } from '@jest/globals'
import { minimalEnvironment } from '../../src/child-env.js'
import { baseGitEnvironment } from '../../src/git/runner.js'

const ACTION_ENV = {
  PATH: '/usr/bin',
  HOME: '/home/runner',
  HTTPS_PROXY: 'http://proxy:3128',
  'INPUT_ANTHROPIC-API-KEY': 'sk-ant-key',
  'INPUT_GITHUB-TOKEN': 'ghs_token',
  GITHUB_TOKEN: 'ghs_token',
  ACTIONS_RUNTIME_TOKEN: 'runtime',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc',
  ANTHROPIC_API_KEY: 'sk-ant-key',
  SSH_AUTH_SOCK: '/tmp/ssh-agent.sock',
  GIT_ASKPASS: '/usr/bin/helper'
}

describe("git's environment", () => {
  it('keeps, in the action, only what git needs: no key, token, INPUT_*, ACTIONS_* or host socket', () => {
    expect(baseGitEnvironment('minimal', ACTION_ENV)).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/runner',
      HTTPS_PROXY: 'http://proxy:3128'
    })
    expect(minimalEnvironment(ACTION_ENV)).toEqual(baseGitEnvironment('minimal', ACTION_ENV))
  })

  it("keeps the user's own environment on the command line: their SSH agent and credential helper", () => {
    const env = baseGitEnvironment('user', ACTION_ENV)
    expect(env['SSH_AUTH_SOCK']).toBe('/tmp/ssh-agent.sock')
    expect(env['GIT_ASKPASS']).toBe('/usr/bin/helper')
  })
})
