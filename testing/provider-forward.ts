/**
 * What the Bedrock and Vertex stand-ins share: reading a request, and passing the Messages request inside it
 * on to the Messages API stand-in, whose script answers it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { MessagesServer } from './messages-server.js'

export interface RecordedProviderRequest {
  method: string
  path: string
  headers: Record<string, string>
  raw: string
  body: Record<string, unknown>
  status: number
}

export async function readRequest(req: IncomingMessage): Promise<RecordedProviderRequest> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const raw = Buffer.concat(chunks).toString('utf8')
  let body: Record<string, unknown> = {}
  try {
    const parsed: unknown = JSON.parse(raw)
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) body = parsed as never
  } catch {
    // not JSON: left empty
  }
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers[name] = value
    else if (Array.isArray(value)) headers[name] = value.join(', ')
  }
  return { method: req.method ?? 'GET', path: req.url ?? '/', headers, raw, body, status: 0 }
}

export function sendJson(
  res: ServerResponse,
  record: RecordedProviderRequest,
  status: number,
  body: unknown,
  headers: Record<string, string> = {}
): void {
  record.status = status
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

/** The Messages request (the body without the provider's fields, the model from the path) answered by the script. */
export async function forwardToMessages(
  messages: MessagesServer,
  model: string,
  body: Record<string, unknown>,
  apiKey: string
): Promise<{ status: number; body: unknown }> {
  const { anthropic_version: _version, anthropic_beta: _beta, ...rest } = body
  const response = await fetch(`${messages.url}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey, 'anthropic-version': '2023-06-01' },
    body: JSON.stringify({ ...rest, model })
  })
  return { status: response.status, body: await response.json() }
}

export function messagesError(body: unknown): string {
  const error = (body as { error?: { message?: string } } | undefined)?.error
  return error?.message ?? 'error'
}
