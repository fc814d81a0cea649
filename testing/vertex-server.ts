/**
 * A stand-in for Google Vertex AI's publisher model endpoint
 * (`POST /v1/projects/{project}/locations/{region}/publishers/anthropic/models/{model}:rawPredict`), in front
 * of the Messages API stand-in, and for Google's security token service, to which a fake Application
 * Default Credentials file of the kind google-github-actions/auth writes (an `external_account` for Workload
 * Identity Federation, whose `token_url` points here) exchanges its OIDC token for an access token. A
 * request is accepted only with that access token, for the given project and region, and with Vertex's
 * `anthropic_version`. Faults are answered in Google's shape (`{"error": {"code", "message", "status"}}`).
 */
import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { MessagesServer } from './messages-server.js'
import {
  forwardToMessages,
  messagesError,
  readRequest,
  sendJson,
  type RecordedProviderRequest
} from './provider-forward.js'

export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16'
const AUDIENCE =
  '//iam.googleapis.com/projects/123456789/locations/global/workloadIdentityPools/github/providers/redline'

export interface VertexFault {
  code: number
  /** Google's status, e.g. PERMISSION_DENIED. */
  status: string
  message: string
  headers?: Record<string, string>
}

export interface VertexServerOptions {
  messages: MessagesServer
  apiKey: string
  project: string
  region: string
}

export interface VertexServer {
  url: string
  requests: RecordedProviderRequest[]
  /** The access tokens the token service issued. */
  issued: string[]
  /** Writes the fake ADC file (and the OIDC token it reads) into `dir`; returns the file's path. */
  writeCredentials(dir: string): string
  fail(...faults: VertexFault[]): void
  close(): Promise<void>
}

const STATUS_OF: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  529: 'UNAVAILABLE'
}

export async function startVertexServer(options: VertexServerOptions): Promise<VertexServer> {
  const requests: RecordedProviderRequest[] = []
  const faults: VertexFault[] = []
  const issued: string[] = []
  const oidcToken = `eyJ.test-oidc.${randomBytes(6).toString('hex')}`

  const server = createServer((req, res) => {
    void (async () => {
      const record = await readRequest(req)
      requests.push(record)
      const fault = (
        code: number,
        status: string,
        message: string,
        headers: Record<string, string> = {}
      ): void => sendJson(res, record, code, { error: { code, message, status } }, headers)
      if (record.method === 'POST' && record.path === '/token') {
        const form = new URLSearchParams(record.raw)
        if (
          form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:token-exchange' ||
          form.get('subject_token') !== oidcToken ||
          form.get('audience') !== AUDIENCE
        ) {
          return sendJson(res, record, 400, {
            error: 'invalid_grant',
            error_description: 'The subject token is invalid.'
          })
        }
        const token = `ya29.test-${randomBytes(8).toString('hex')}`
        issued.push(token)
        return sendJson(res, record, 200, {
          access_token: token,
          issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
          token_type: 'Bearer',
          expires_in: 3600
        })
      }
      const route =
        /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/anthropic\/models\/([^/:]+):(rawPredict|streamRawPredict)$/.exec(
          record.path
        )
      if (record.method !== 'POST' || !route)
        return fault(404, 'NOT_FOUND', `The requested URL ${record.path} was not found.`)
      const bearer = /^Bearer (.+)$/.exec(record.headers['authorization'] ?? '')?.[1]
      if (bearer === undefined || !issued.includes(bearer)) {
        return fault(
          401,
          'UNAUTHENTICATED',
          'Request had invalid authentication credentials. Expected OAuth 2 access token.'
        )
      }
      if (route[1] !== options.project || route[2] !== options.region) {
        return fault(
          403,
          'PERMISSION_DENIED',
          `Permission denied on resource project ${route[1]} in ${route[2]}.`
        )
      }
      const next = faults.shift()
      if (next) return fault(next.code, next.status, next.message, next.headers)
      if (route[4] !== 'rawPredict')
        return fault(400, 'INVALID_ARGUMENT', 'This stand-in answers rawPredict only')
      if (record.body['anthropic_version'] !== VERTEX_ANTHROPIC_VERSION) {
        return fault(400, 'INVALID_ARGUMENT', `anthropic_version: expected ${VERTEX_ANTHROPIC_VERSION}`)
      }
      if ('model' in record.body)
        return fault(400, 'INVALID_ARGUMENT', 'model: Extra inputs are not permitted')
      const answer = await forwardToMessages(
        options.messages,
        decodeURIComponent(route[3] as string),
        record.body,
        options.apiKey
      )
      if (answer.status >= 400)
        return fault(answer.status, STATUS_OF[answer.status] ?? 'INTERNAL', messagesError(answer.body))
      sendJson(res, record, answer.status, answer.body)
    })().catch(error => {
      res.writeHead(500)
      res.end(String(error))
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    requests,
    issued,
    writeCredentials(dir) {
      const tokenFile = join(dir, 'oidc-token')
      writeFileSync(tokenFile, oidcToken)
      const file = join(dir, 'gha-creds.json')
      writeFileSync(
        file,
        JSON.stringify({
          type: 'external_account',
          audience: AUDIENCE,
          subject_token_type: 'urn:ietf:params:oauth:token-type:jwt',
          token_url: `${url}/token`,
          credential_source: { file: tokenFile }
        })
      )
      return file
    },
    fail: (...more) => void faults.push(...more),
    close: () => new Promise(resolve => server.close(() => resolve()))
  }
}
