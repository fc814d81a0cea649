import * as core from '@actions/core'
import { readFileSync } from 'node:fs'
import { decideFromEvent, parseRepository } from './context.js'
import { ConfigurationError, errorMessage } from './errors.js'
import { readSettings, secretsOf } from './inputs.js'

export async function run(): Promise<void> {
  try {
    const settings = readSettings(name => core.getInput(name))
    for (const secret of secretsOf(settings)) core.setSecret(secret)
    const repository = parseRepository(process.env['GITHUB_REPOSITORY'])
    const eventPath = process.env['GITHUB_EVENT_PATH']
    const payload: unknown = eventPath ? JSON.parse(readFileSync(eventPath, 'utf8')) : {}
    const decision = decideFromEvent({
      eventName: process.env['GITHUB_EVENT_NAME'] ?? '',
      payload,
      repository,
      reviewDrafts: settings.reviewDrafts,
      ...(settings.prNumber !== undefined ? { prNumberInput: settings.prNumber } : {})
    })
    if ('skip' in decision) {
      core.notice(decision.skip)
      return
    }
  } catch (error) {
    if (error instanceof ConfigurationError) core.setFailed(error.message)
    else core.setFailed(`Redline failed: ${errorMessage(error)}`)
  }
}
