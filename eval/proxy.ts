/**
 * A recording proxy in front of the Messages API. The action talks to it through ANTHROPIC_BASE_URL and
 * cannot tell it from the API; the evaluation reads tool calls, quote retries and tokens from what passed.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Exchange } from './exchanges.js'

export interface RecordingProxy {
  url: string
  exchanges: Exchange[]
  close(): Promise<void>
}

const HOP_BY_HOP = new Set([
  'host',
  'connection',
  'content-length',
  'keep-alive',
  'transfer-encoding',
  'accept-encoding'
])

export interface ProxyHooks {
  /** A reason to refuse the request instead of forwarding it (the spending cap was reached). */
  refuse?: () => string | undefined
  /** Called with every answered exchange, as it passes. */
  onExchange?: (exchange: Exchange) => void
}

export async function startProxy(upstream: string, hooks: ProxyHooks = {}): Promise<RecordingProxy> {
  const exchanges: Exchange[] = []
  const base = upstream.replace(/\/+$/, '')
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      const refusal = hooks.refuse?.()
      if (refusal !== undefined) {
        // 400 is not retried by the SDK: the run stops at this request.
        exchanges.push({ request: parseJson(raw) as Exchange['request'], status: 400, response: refusal })
        res.writeHead(400, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: refusal } }))
        return
      }
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name))
          headers[name] = Array.isArray(value) ? value.join(', ') : value
      }
      fetch(`${base}${req.url ?? '/'}`, {
        method: req.method ?? 'POST',
        headers,
        ...(raw === '' ? {} : { body: raw })
      })
        .then(async upstreamResponse => {
          const text = await upstreamResponse.text()
          const exchange: Exchange = {
            request: parseJson(raw) as Exchange['request'],
            status: upstreamResponse.status,
            response: parseJson(text)
          }
          exchanges.push(exchange)
          hooks.onExchange?.(exchange)
          const out: Record<string, string> = {}
          upstreamResponse.headers.forEach((value, name) => {
            if (!HOP_BY_HOP.has(name) && name !== 'content-encoding') out[name] = value
          })
          res.writeHead(upstreamResponse.status, out)
          res.end(text)
        })
        .catch((error: unknown) => {
          exchanges.push({
            request: parseJson(raw) as Exchange['request'],
            status: 0,
            response: String(error)
          })
          res.writeHead(502, { 'content-type': 'application/json' })
          res.end(
            JSON.stringify({
              type: 'error',
              error: { type: 'api_error', message: `proxy: ${String(error)}` }
            })
          )
        })
    })
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    exchanges,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close(error => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      })
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return {}
  }
}
