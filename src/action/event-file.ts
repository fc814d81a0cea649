/*
 * The event payload, read before anything imports `@actions/github`: that package parses GITHUB_EVENT_PATH
 * while it loads, and a file that is not JSON would end the process there with a raw stack trace. This
 * module must therefore import nothing that imports `@actions/github`.
 */
import { readFileSync } from 'node:fs'
import { ConfigurationError, errorMessage } from '../errors.js'

/** The payload as an object; `{}` when the runner gave no event file. Throws a ConfigurationError otherwise. */
export function readEventPayload(path: string | undefined): Record<string, unknown> {
  if (!path) return {}
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new ConfigurationError(
      `Cannot read the event payload at GITHUB_EVENT_PATH (${path}): ${errorMessage(error)}.`
    )
  }
  let payload: unknown
  try {
    payload = JSON.parse(text)
  } catch (error) {
    throw new ConfigurationError(
      `The event payload at GITHUB_EVENT_PATH (${path}) is not JSON: ${errorMessage(error)}.`
    )
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    throw new ConfigurationError(`The event payload at GITHUB_EVENT_PATH (${path}) is not a JSON object.`)
  }
  return payload as Record<string, unknown>
}

/** A workflow command's message, escaped as the runner expects, so one line stays one annotation. */
export function errorCommand(message: string): string {
  const escaped = message.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
  return `::error::${escaped}\n`
}

/** Why the event file cannot be used, or undefined when it can. */
export function eventFileProblem(env: NodeJS.ProcessEnv): string | undefined {
  try {
    readEventPayload(env['GITHUB_EVENT_PATH'])
    return undefined
  } catch (error) {
    return errorMessage(error)
  }
}
