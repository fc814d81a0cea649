/**
 * GitHub's REST description (`@octokit/openapi`, api.github.com) as a check of every request the stand-in
 * receives: the path and method must be documented, every query parameter must be one the operation
 * documents and fit its schema, and a JSON body must fit the operation's request schema. The description is
 * read and indexed once per process; each operation's validators are compiled on its first request.
 */
import * as fs from 'node:fs'
import { createRequire } from 'node:module'
import { Ajv, type ValidateFunction } from 'ajv'
import { isRecord } from './util.js'

/** One way a request departs from GitHub's description. */
export interface RequestViolation {
  method: string
  path: string
  /** The documented operation it was matched to, when there was one, e.g. GET /repos/{owner}/{repo}. */
  operation?: string
  /** Which part of the request departs: the route (path and method), a query parameter, or the body. */
  part: 'route' | 'query' | 'body'
  problem: string
}

interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema?: Record<string, unknown>
  'x-multi-segment'?: boolean
}

interface Operation {
  parameters?: Array<Parameter | { $ref: string }>
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Record<string, unknown> }> }
}

interface Description {
  paths: Record<string, Record<string, Operation | unknown>>
  components: { parameters: Record<string, Parameter>; schemas: Record<string, unknown> }
}

interface PathEntry {
  template: string
  pattern: RegExp
  literals: number
  operations: Map<string, Operation>
}

interface CompiledOperation {
  name: string
  params: Map<string, Parameter>
  values: Map<string, ValidateFunction>
  body?: { required: boolean; validate: ValidateFunction }
}

const SPEC_ID = 'https://api.github.com/openapi.json'
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options']

/** The description, its paths indexed by segment count, and the validators compiled so far. */
class RestDescription {
  private readonly bySegments = new Map<number, PathEntry[]>()
  private readonly multiSegment: PathEntry[] = []
  private readonly compiled = new Map<string, CompiledOperation>()
  private readonly ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true })

  constructor(private readonly spec: Description) {
    this.ajv.addSchema({ $id: SPEC_ID, components: { schemas: spec.components.schemas } })
    for (const [template, item] of Object.entries(spec.paths)) this.index(template, item)
    for (const entries of this.bySegments.values()) entries.sort((a, b) => b.literals - a.literals)
  }

  private index(template: string, item: Record<string, unknown>): void {
    const operations = new Map<string, Operation>()
    for (const method of METHODS)
      if (isRecord(item[method])) operations.set(method, item[method] as Operation)
    const multi = new Set(
      [...operations.values()]
        .flatMap(op => (op.parameters ?? []).map(p => this.parameter(p)))
        .filter(p => p['x-multi-segment'] === true)
        .map(p => p.name)
    )
    const segments = template.split('/')
    const source = segments
      .map(segment => {
        const name = /^\{(\w+)\}$/.exec(segment)?.[1]
        if (name === undefined) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        return multi.has(name) ? '.+' : '[^/]+'
      })
      .join('/')
    const entry: PathEntry = {
      template,
      pattern: new RegExp(`^${source}$`),
      literals: segments.filter(s => !s.startsWith('{')).length,
      operations
    }
    if (multi.size > 0) this.multiSegment.push(entry)
    else {
      const list = this.bySegments.get(segments.length) ?? []
      list.push(entry)
      this.bySegments.set(segments.length, list)
    }
  }

  private parameter(p: Parameter | { $ref: string }): Parameter {
    if (!('$ref' in p)) return p
    const name = p.$ref.replace('#/components/parameters/', '')
    const found = this.spec.components.parameters[name]
    if (!found) throw new Error(`The REST description has no parameter ${p.$ref}`)
    return found
  }

  /** The documented entries whose template matches a path, most literal first. */
  private matching(path: string): PathEntry[] {
    const candidates = [...(this.bySegments.get(path.split('/').length) ?? []), ...this.multiSegment]
    return candidates.filter(entry => entry.pattern.test(path))
  }

  /** Every problem with one request; empty when GitHub documents it as sent. */
  check(request: {
    method: string
    path: string
    query: Record<string, string>
    body: unknown
  }): RequestViolation[] {
    const { method, path } = request
    const found = this.matching(path)
    const violation = (
      part: RequestViolation['part'],
      problem: string,
      operation?: string
    ): RequestViolation => ({
      method,
      path,
      ...(operation ? { operation } : {}),
      part,
      problem
    })
    if (found.length === 0) return [violation('route', `${path} is not a documented REST path`)]
    const entry = found.find(e => e.operations.has(method.toLowerCase()))
    if (!entry) {
      const templates = found.map(e => e.template).join(', ')
      return [violation('route', `${method} is not a documented method of ${templates}`)]
    }
    const operation = this.operation(entry, method.toLowerCase())
    return [
      ...queryProblems(operation, request.query).map(problem => violation('query', problem, operation.name)),
      ...bodyProblems(operation, request.body).map(problem => violation('body', problem, operation.name))
    ]
  }

  private operation(entry: PathEntry, method: string): CompiledOperation {
    const key = `${method} ${entry.template}`
    const cached = this.compiled.get(key)
    if (cached) return cached
    const op = entry.operations.get(method) as Operation
    const params = new Map<string, Parameter>()
    const values = new Map<string, ValidateFunction>()
    for (const p of (op.parameters ?? []).map(q => this.parameter(q))) {
      if (p.in !== 'query') continue
      params.set(p.name, p)
      if (p.schema) values.set(p.name, this.ajv.compile(absoluteRefs(p.schema)))
    }
    const schema = op.requestBody?.content?.['application/json']?.schema
    const compiled: CompiledOperation = {
      name: `${method.toUpperCase()} ${entry.template}`,
      params,
      values,
      ...(schema
        ? {
            body: {
              required: op.requestBody?.required === true,
              validate: this.ajv.compile(absoluteRefs(schema))
            }
          }
        : {})
    }
    this.compiled.set(key, compiled)
    return compiled
  }
}

function queryProblems(operation: CompiledOperation, query: Record<string, string>): string[] {
  const problems: string[] = []
  for (const [name, raw] of Object.entries(query)) {
    const param = operation.params.get(name)
    if (!param) {
      problems.push(`query parameter ${name} is not documented for ${operation.name}`)
      continue
    }
    const validate = operation.values.get(name)
    if (validate && !validate(queryValue(raw, param.schema)))
      problems.push(`query parameter ${name}=${raw}: ${describeErrors(validate)}`)
  }
  for (const param of operation.params.values())
    if (param.required === true && !(param.name in query))
      problems.push(`required query parameter ${param.name} is missing`)
  return problems
}

function bodyProblems(operation: CompiledOperation, body: unknown): string[] {
  if (!operation.body) return []
  if (body === undefined)
    return operation.body.required ? [`${operation.name} requires a JSON body and none was sent`] : []
  const { validate } = operation.body
  return validate(body) ? [] : [`body: ${describeErrors(validate)}`]
}

/** A query string's text as the value its schema describes: GitHub reads numbers and booleans from text. */
function queryValue(raw: string, schema: Record<string, unknown> | undefined): unknown {
  const type = schema?.type
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(raw)) return Number(raw)
  if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true'
  if (type === 'array') return raw.split(',')
  return raw
}

function describeErrors(validate: ValidateFunction): string {
  return (validate.errors ?? [])
    .slice(0, 5)
    .map(e => `${e.instancePath || '(value)'} ${e.message ?? 'is invalid'}${paramsNote(e.params)}`)
    .join('; ')
}

function paramsNote(params: Record<string, unknown>): string {
  if (typeof params.additionalProperty === 'string') return ` (${params.additionalProperty})`
  if (Array.isArray(params.allowedValues)) return ` (${params.allowedValues.join(', ')})`
  return ''
}

/** A schema whose `#/components/...` references point into the description added to Ajv once. */
function absoluteRefs(schema: unknown): Record<string, unknown> {
  const copy = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(copy)
    if (!isRecord(value)) return value
    const out: Record<string, unknown> = {}
    for (const [key, inner] of Object.entries(value))
      out[key] =
        key === '$ref' && typeof inner === 'string' && inner.startsWith('#')
          ? `${SPEC_ID}${inner}`
          : copy(inner)
    return out
  }
  return copy(schema) as Record<string, unknown>
}

let cached: RestDescription | undefined

/** The description of api.github.com, read once per process (about a tenth of a second). */
export function restDescription(): RestDescription {
  if (!cached) {
    const require = createRequire(import.meta.url)
    const file = require.resolve('@octokit/openapi/generated/api.github.com.json')
    cached = new RestDescription(JSON.parse(fs.readFileSync(file, 'utf8')) as Description)
  }
  return cached
}
