/**
 * A stand-in for the Amazon Bedrock runtime's invoke endpoint (`POST /model/{modelId}/invoke`), in front of
 * the Messages API stand-in. It accepts a request only as Bedrock would: a SigV4 `Authorization` header
 * whose signature it checks with the test's secret key, for the given region and service `bedrock`, with
 * the session token; or a Bedrock API key as a bearer token. The body must carry Bedrock's
 * `anthropic_version` and no `model`. Faults are answered in Bedrock's shape (`x-amzn-errortype` and
 * `{"message"}`).
 */
import { createHash, createHmac } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { MessagesServer } from './messages-server.js'
import {
  forwardToMessages,
  messagesError,
  readRequest,
  sendJson,
  type RecordedProviderRequest
} from './provider-forward.js'

export const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31'

export interface AwsTestCredentials {
  accessKeyId: string
  secretAccessKey: string
  sessionToken: string
}

/** The kind of temporary credentials aws-actions/configure-aws-credentials exports after assuming a role. */
export const TEST_AWS_CREDENTIALS: AwsTestCredentials = {
  accessKeyId: 'ASIATESTTESTTESTTEST',
  secretAccessKey: 'test/secret/access/key/0123456789abcdefghij',
  sessionToken: 'IQoJb3JpZ2luX2VjEXAMPLEsessiontoken'
}

export interface BedrockFault {
  status: number
  /** Bedrock's error type, e.g. AccessDeniedException. */
  type: string
  message: string
  headers?: Record<string, string>
}

export interface BedrockServerOptions {
  messages: MessagesServer
  /** The key the Messages stand-in accepts. */
  apiKey: string
  region: string
  credentials?: AwsTestCredentials
  /** A Bedrock API key accepted as `Authorization: Bearer`. */
  bearerToken?: string
}

export interface BedrockServer {
  url: string
  requests: RecordedProviderRequest[]
  /** Answers the next requests with these faults, one each, before the script is consulted. */
  fail(...faults: BedrockFault[]): void
  close(): Promise<void>
}

export interface SigV4Check {
  ok: boolean
  reason?: string
  region?: string
  service?: string
}

const hex = (data: string): string => createHash('sha256').update(data, 'utf8').digest('hex')
const hmac = (key: Buffer | string, data: string): Buffer =>
  createHmac('sha256', key).update(data, 'utf8').digest()

function escapeUri(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, c => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

/** Recomputes a request's SigV4 signature from its method, path, signed headers and body. */
export function checkSigV4(request: RecordedProviderRequest, credentials: AwsTestCredentials): SigV4Check {
  const header = request.headers['authorization'] ?? ''
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      header
    )
  if (!match) return { ok: false, reason: 'no SigV4 Authorization header' }
  const [, keyId, date, region, service, signedHeaders, signature] = match as unknown as string[]
  const base = { region: region as string, service: service as string }
  if (keyId !== credentials.accessKeyId) return { ...base, ok: false, reason: 'unknown access key' }
  const amzDate = request.headers['x-amz-date'] ?? ''
  if (!amzDate.startsWith(date as string)) return { ...base, ok: false, reason: 'x-amz-date does not match' }
  const names = (signedHeaders as string).split(';')
  const canonicalHeaders = names
    .map(name => `${name}:${(request.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('')
  const [path = '/', query = ''] = request.path.split('?')
  const canonicalQuery = query.split('&').filter(Boolean).sort().join('&')
  const canonicalRequest = [
    request.method,
    escapeUri(path).replace(/%2F/g, '/'),
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    request.headers['x-amz-content-sha256'] ?? hex(request.raw)
  ].join('\n')
  const scope = `${date}/${region}/${service}/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, hex(canonicalRequest)].join('\n')
  const key = hmac(
    hmac(
      hmac(hmac(`AWS4${credentials.secretAccessKey}`, date as string), region as string),
      service as string
    ),
    'aws4_request'
  )
  const expected = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex')
  if (expected !== signature) return { ...base, ok: false, reason: 'signature does not match' }
  if (!names.includes('host')) return { ...base, ok: false, reason: 'host is not signed' }
  return { ...base, ok: true }
}

const FORWARDED_ERRORS: Record<number, string> = {
  400: 'ValidationException',
  429: 'ThrottlingException',
  500: 'InternalServerException',
  529: 'ServiceUnavailableException'
}

export async function startBedrockServer(options: BedrockServerOptions): Promise<BedrockServer> {
  const credentials = options.credentials ?? TEST_AWS_CREDENTIALS
  const requests: RecordedProviderRequest[] = []
  const faults: BedrockFault[] = []

  const server = createServer((req, res) => {
    void (async () => {
      const record = await readRequest(req)
      requests.push(record)
      const fault = (
        status: number,
        type: string,
        message: string,
        headers: Record<string, string> = {}
      ): void =>
        sendJson(
          res,
          record,
          status,
          { message },
          { 'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/`, ...headers }
        )
      const route = /^\/model\/([^/]+)\/(invoke|invoke-with-response-stream)$/.exec(record.path)
      if (record.method !== 'POST' || !route)
        return fault(404, 'UnknownOperationException', 'Unknown operation')
      const bearer = /^Bearer (.+)$/.exec(record.headers['authorization'] ?? '')?.[1]
      if (bearer !== undefined) {
        if (bearer !== options.bearerToken)
          return fault(
            403,
            'UnrecognizedClientException',
            'Invalid API Key format: Must start with pre-defined prefix'
          )
      } else {
        const check = checkSigV4(record, credentials)
        if (!check.ok) {
          return fault(
            403,
            'InvalidSignatureException',
            `The request signature we calculated does not match the signature you provided (${check.reason})`
          )
        }
        if (check.region !== options.region || check.service !== 'bedrock') {
          return fault(
            403,
            'InvalidSignatureException',
            `Credential should be scoped to a valid region and service bedrock, not ${check.region}/${check.service}`
          )
        }
        if (record.headers['x-amz-security-token'] !== credentials.sessionToken) {
          return fault(
            403,
            'UnrecognizedClientException',
            'The security token included in the request is invalid.'
          )
        }
      }
      const next = faults.shift()
      if (next) return fault(next.status, next.type, next.message, next.headers)
      if (route[2] !== 'invoke')
        return fault(400, 'ValidationException', 'This stand-in answers invoke only, not the response stream')
      if (record.body['anthropic_version'] !== BEDROCK_ANTHROPIC_VERSION) {
        return fault(400, 'ValidationException', `anthropic_version: expected ${BEDROCK_ANTHROPIC_VERSION}`)
      }
      if ('model' in record.body)
        return fault(400, 'ValidationException', 'extraneous key [model] is not permitted')
      const answer = await forwardToMessages(
        options.messages,
        decodeURIComponent(route[1] as string),
        record.body,
        options.apiKey
      )
      if (answer.status >= 400) {
        return fault(
          answer.status,
          FORWARDED_ERRORS[answer.status] ?? 'InternalServerException',
          messagesError(answer.body)
        )
      }
      sendJson(res, record, answer.status, answer.body)
    })().catch(error => {
      res.writeHead(500)
      res.end(String(error))
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    fail: (...more) => void faults.push(...more),
    close: () => new Promise(resolve => server.close(() => resolve()))
  }
}
