/**
 * One pull request in a real git repository, the GitHub and Messages stand-ins serving it, and a way to run the
 * bundled action on it as a runner does: what every end-to-end test starts from.
 */
import {
  startGitHubServer,
  type GitHubServerOptions,
  type GitHubStandIn
} from '../../testing/github-server.js'
import {
  startMessagesServer,
  type MessagesServer,
  type RecordedMessagesRequest
} from '../../testing/messages-server.js'
import {
  createPrFixture,
  type PrFixture,
  type PrFixtureSpec,
  pullRequestPayload
} from '../../testing/pr-fixture.js'
import { runAction, type RunResult } from '../../testing/runner.js'

export const API_KEY = 'sk-ant-test'
export const TOKEN = 'ghs_testtoken'

export { pullRequestPayload }

export interface ActionWorld {
  fixture: PrFixture
  github: GitHubStandIn
  messages: MessagesServer
  results: RunResult[]
  /** What a run passes as the `anthropic-api-key` and `github-token` inputs, unless it says otherwise. */
  apiKey: string
  token: string
  close(): Promise<void>
}

export interface WorldOptions {
  pr?: { title?: string; body?: string }
  /** The key the Messages stand-in accepts (default API_KEY). */
  apiKey?: string
  /** The token the GitHub stand-in accepts (default TOKEN). */
  token?: string
  /** The token's contents permission (resolving threads needs write). */
  contents?: 'read' | 'write'
  /** Anything else the GitHub stand-in should do. */
  server?: Partial<Omit<GitHubServerOptions, 'fixture'>>
}

export async function createActionWorld(
  spec: PrFixtureSpec,
  options: WorldOptions = {}
): Promise<ActionWorld> {
  const fixture = createPrFixture(spec)
  const apiKey = options.apiKey ?? API_KEY
  const token = options.token ?? TOKEN
  const github = await startGitHubServer({
    fixture,
    token,
    pr: { title: options.pr?.title ?? 'A change', body: options.pr?.body ?? 'What it does.' },
    ...(options.contents ? { contents: options.contents } : {}),
    ...options.server
  })
  const messages = await startMessagesServer({ apiKey })
  const world: ActionWorld = {
    fixture,
    github,
    messages,
    results: [],
    apiKey,
    token,
    async close() {
      // The stand-in fails its close on a request GitHub does not document; everything is cleaned up first.
      const undocumented = await github.close().then(
        () => undefined,
        (error: unknown) => error
      )
      await messages.close()
      for (const result of world.results) await result.cleanup()
      fixture.cleanup()
      if (undocumented) throw undocumented
    }
  }
  return world
}

export interface RunOptions {
  eventName?: string
  payload?: object
  /** Written as the event file instead of `payload`, for events that are not valid JSON. */
  payloadText?: string
  inputs?: Record<string, string>
  env?: Record<string, string | undefined>
  /** Another entry point than the tested bundle's. */
  entry?: string
  timeoutMs?: number
  launcher?: string[]
  owner?: { uid: number; gid: number }
}

/**
 * One run of the bundled action on the world's pull request, as the runner starts it: on the merge commit for
 * pull_request, on the base branch for pull_request_target.
 */
export async function runOn(world: ActionWorld, options: RunOptions = {}): Promise<RunResult> {
  const { fixture } = world
  const eventName = options.eventName ?? 'pull_request'
  const onBase = eventName === 'pull_request_target'
  const result = await runAction({
    workspace: fixture.workspaceDir,
    eventName,
    payload: options.payload ?? pullRequestPayload(fixture),
    ...(options.payloadText !== undefined ? { payloadText: options.payloadText } : {}),
    inputs: { 'anthropic-api-key': world.apiKey, 'github-token': world.token, ...options.inputs },
    repository: `${fixture.owner}/${fixture.repo}`,
    sha: onBase ? fixture.baseSha : fixture.mergeSha,
    ref: onBase ? `refs/heads/${fixture.baseRef}` : `refs/pull/${fixture.prNumber}/merge`,
    githubApiUrl: world.github.url,
    githubGraphqlUrl: world.github.graphqlUrl,
    anthropicBaseUrl: world.messages.url,
    ...(options.env ? { env: options.env } : {}),
    ...(options.entry ? { entry: options.entry } : {}),
    ...(options.launcher ? { launcher: options.launcher } : {}),
    ...(options.owner ? { owner: options.owner } : {}),
    timeoutMs: options.timeoutMs ?? 90_000
  })
  world.results.push(result)
  return result
}

/** The review POSTs the action made, as sent. */
export function postedReviews(world: ActionWorld): Array<{
  body: string
  event: string
  commit_id: string
  comments: Array<{ path: string; line: number; body: string }>
}> {
  return world.github.requests
    .filter(r => r.method === 'POST' && /\/pulls\/\d+\/reviews$/.test(r.path))
    .map(r => r.body as never)
}

/** The messages of a request, as sent. */
export function messagesOf(request: RecordedMessagesRequest): Array<{ role: string; content: unknown }> {
  return (request.body.messages ?? []) as Array<{ role: string; content: unknown }>
}

/** The first user message's text. */
export function firstUserText(request: RecordedMessagesRequest): string {
  const content = messagesOf(request)[0]?.content
  if (typeof content === 'string') return content
  return (
    (content as Array<{ type: string; text?: string }> | undefined)
      ?.map(block => block.text ?? '')
      .join('\n') ?? ''
  )
}

export function errorLines(result: RunResult): string[] {
  return result.annotations.filter(a => a.level === 'error').map(a => a.message)
}
