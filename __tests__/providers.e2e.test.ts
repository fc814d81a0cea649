/**
 * Claude through Amazon Bedrock and Google Vertex AI, run as the runner runs the bundled action: the
 * requests are signed and shaped as each provider wants them (checked by the stand-ins), a review with a
 * finding completes, and each way the provider refuses gives one line that names the fix and posts nothing.
 */
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startBedrockServer, TEST_AWS_CREDENTIALS, type BedrockServer } from '../testing/bedrock-server.js'
import { reply } from '../testing/messages-server.js'
import { testedBundleDir } from '../testing/test-bundle.js'
import { startVertexServer, type VertexServer } from '../testing/vertex-server.js'
import {
  createActionWorld,
  errorLines,
  postedReviews,
  runOn,
  type ActionWorld
} from './support/action-world.js'

jest.setTimeout(120_000)

const BASE = 'export function add(a: number, b: number): number {\n  return a + b\n}\n'
const HEAD = BASE + '\nexport function divide(a: number, b: number): number {\n  return a / b\n}\n'
const FINDING = {
  severity: 'high',
  category: 'correctness',
  file: 'src/math.ts',
  title: 'Division by zero returns Infinity',
  description: 'divide(1, 0) returns Infinity instead of failing; callers cannot tell.',
  start_line: 6,
  end_line: 6,
  quote: 'return a / b'
}
const REGION = 'eu-west-1'
const PROJECT = 'redline-test-project'
const VERTEX_REGION = 'us-east5'

/** What aws-actions/configure-aws-credentials leaves in the environment after assuming a role by OIDC. */
const AWS_ENV = {
  AWS_ACCESS_KEY_ID: TEST_AWS_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: TEST_AWS_CREDENTIALS.secretAccessKey,
  AWS_SESSION_TOKEN: TEST_AWS_CREDENTIALS.sessionToken,
  AWS_REGION: REGION,
  // No instance metadata service here: the chain must not wait for one.
  AWS_EC2_METADATA_DISABLED: 'true'
}

let world: ActionWorld | undefined
let bedrock: BedrockServer | undefined
let vertex: VertexServer | undefined
let dir: string | undefined
afterEach(async () => {
  await bedrock?.close()
  await vertex?.close()
  await world?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
  world = bedrock = vertex = dir = undefined
})

async function mathWorld(): Promise<ActionWorld> {
  world = await createActionWorld(
    { base: { 'src/math.ts': BASE }, commits: [{ files: { 'src/math.ts': HEAD } }] },
    { pr: { title: 'Add divide', body: 'Adds a divide helper.' } }
  )
  return world
}

function pushReview(w: ActionWorld): void {
  w.messages.push(
    { ...reply.toolUse('add_finding', FINDING), usage: { cache_creation_input_tokens: 2000 } },
    {
      ...reply.toolUse('publish_review', { summary: 'Adds divide.' }),
      usage: { cache_read_input_tokens: 1500 }
    }
  )
}

function expectNothingPosted(w: ActionWorld): void {
  expect(postedReviews(w)).toHaveLength(0)
  expect(w.github.reviews).toHaveLength(0)
}

async function bedrockWorld(): Promise<{ w: ActionWorld; b: BedrockServer }> {
  const w = await mathWorld()
  bedrock = await startBedrockServer({ messages: w.messages, apiKey: w.apiKey, region: REGION })
  return { w, b: bedrock }
}

/** A Bedrock run: no Anthropic key, the AWS environment, the stand-in as the endpoint. */
function runBedrock(
  w: ActionWorld,
  b: BedrockServer,
  env: Record<string, string | undefined> = {},
  inputs = {}
) {
  return runOn(w, {
    inputs: { 'anthropic-api-key': '', provider: 'bedrock', ...inputs },
    env: { ...AWS_ENV, ANTHROPIC_BASE_URL: b.url, ...env }
  })
}

describe('provider: bedrock', () => {
  it('signs every request with SigV4 for the region and bedrock, and a review with a finding completes', async () => {
    const { w, b } = await bedrockWorld()
    pushReview(w)
    const result = await runBedrock(w, b)
    expect(errorLines(result)).toEqual([])
    expect(result.exitCode).toBe(0)
    expect(b.requests.length).toBeGreaterThanOrEqual(2)
    for (const request of b.requests) {
      expect(request.status).toBe(200)
      expect(request.path).toBe('/model/anthropic.claude-sonnet-5-5/invoke')
      expect(request.headers['authorization']).toMatch(
        new RegExp(
          `^AWS4-HMAC-SHA256 Credential=${TEST_AWS_CREDENTIALS.accessKeyId}/\\d{8}/${REGION}/bedrock/aws4_request`
        )
      )
      expect(request.body['anthropic_version']).toBe('bedrock-2023-05-31')
      expect(request.headers['x-api-key']).toBeUndefined()
    }
    // Prompt caching is asked for as on the Anthropic API, and the usage it reports is counted.
    expect(JSON.stringify(w.messages.requests[0]?.body.system)).toContain('"cache_control"')
    const [review] = postedReviews(w)
    expect(review?.comments.map(c => c.path)).toEqual(['src/math.ts'])
    expect(review?.comments[0]?.body).toContain('Division by zero returns Infinity')
    expect(Number(result.outputs['input-tokens'])).toBeGreaterThanOrEqual(3500)
    expect(result.stdout).toMatch(
      /1500 cache-read and 2000 cache-write tokens; \$[\d.]+ \(Claude Sonnet 5, Bedrock\)/
    )
  })

  it('a Bedrock API key (AWS_BEARER_TOKEN_BEDROCK) is sent as a bearer token instead of a signature', async () => {
    const w = await mathWorld()
    bedrock = await startBedrockServer({
      messages: w.messages,
      apiKey: w.apiKey,
      region: 'us-east-1',
      bearerToken: 'bedrock-api-key-test'
    })
    w.messages.push(reply.toolUse('publish_review', { summary: 'Fine.' }))
    const result = await runBedrock(
      w,
      bedrock,
      {
        AWS_ACCESS_KEY_ID: undefined,
        AWS_SECRET_ACCESS_KEY: undefined,
        AWS_SESSION_TOKEN: undefined,
        AWS_REGION: undefined,
        AWS_BEARER_TOKEN_BEDROCK: 'bedrock-api-key-test'
      },
      { 'aws-region': 'us-east-1' }
    )
    expect(errorLines(result)).toEqual([])
    expect(bedrock.requests[0]?.headers['authorization']).toBe('Bearer bedrock-api-key-test')
    // The default model in a US region is its US cross-region inference profile.
    expect(bedrock.requests[0]?.path).toBe('/model/us.anthropic.claude-sonnet-5-5/invoke')
    expect(postedReviews(w)).toHaveLength(1)
  })

  it.each([
    [
      'expired credentials',
      {
        status: 403,
        type: 'ExpiredTokenException',
        message: 'The security token included in the request is expired'
      },
      /^Amazon Bedrock rejected the AWS credentials \(403 ExpiredTokenException: The security token included in the request is expired\): they are missing, expired or wrong; sign in again with aws-actions\/configure-aws-credentials/
    ],
    [
      'access not granted',
      {
        status: 403,
        type: 'AccessDeniedException',
        message: "You don't have access to the model with the specified model ID."
      },
      /^Amazon Bedrock refused model 'anthropic.claude-sonnet-5-5' \(403 AccessDeniedException: .*\): grant the role bedrock:InvokeModel .*use-case form is accepted\.$/
    ],
    [
      'the use-case form not submitted',
      {
        status: 404,
        type: 'ResourceNotFoundException',
        message:
          'Model use case details have not been submitted for this account. Fill out the Anthropic use case details form before using the model.'
      },
      /^Amazon Bedrock refused model 'anthropic.claude-sonnet-5-5' \(404 ResourceNotFoundException: Model use case details .*\): .*Model access.*use-case form is accepted\.$/
    ],
    [
      'an unknown model id',
      { status: 400, type: 'ValidationException', message: 'The provided model identifier is invalid.' },
      /^Amazon Bedrock does not know model 'anthropic.claude-sonnet-5-5' \(400 ValidationException: The provided model identifier is invalid\): set `model` to a Bedrock model id or inference profile id/
    ]
  ])('%s: one line naming the fix, one request, nothing posted', async (_name, fault, line) => {
    const { w, b } = await bedrockWorld()
    b.fail(fault)
    const result = await runBedrock(w, b)
    expect(result.exitCode).toBe(1)
    const lines = errorLines(result)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(line)
    expect(b.requests).toHaveLength(1)
    expectNothingPosted(w)
  })

  it('throttling that outlasts the retries: one line, nothing posted', async () => {
    const { w, b } = await bedrockWorld()
    const throttled = {
      status: 429,
      type: 'ThrottlingException',
      message: 'Too many requests, please wait before trying again.',
      headers: { 'retry-after-ms': '5' }
    }
    b.fail(...Array.from({ length: 5 }, () => throttled))
    const result = await runBedrock(w, b)
    expect(result.exitCode).toBe(1)
    expect(errorLines(result)).toEqual([
      'Amazon Bedrock kept throttling the requests after its retries (429 ThrottlingException: Too many requests, please wait before trying again); a cross-region inference profile (us./eu./global.) or a higher quota in Service Quotas gives more room. Nothing was reviewed: re-run the job.'
    ])
    expect(b.requests).toHaveLength(5)
    expectNothingPosted(w)
  })

  it('no credentials, or no region: one line before any request, nothing posted', async () => {
    const { w, b } = await bedrockWorld()
    const none = await runBedrock(w, b, {
      AWS_ACCESS_KEY_ID: undefined,
      AWS_SECRET_ACCESS_KEY: undefined,
      AWS_SESSION_TOKEN: undefined
    })
    expect(errorLines(none)).toEqual([
      expect.stringMatching(
        /^No AWS credentials were found for Amazon Bedrock \(.*\): sign in with aws-actions\/configure-aws-credentials before this step/
      )
    ])
    const noRegion = await runBedrock(w, b, { AWS_REGION: undefined, AWS_DEFAULT_REGION: undefined })
    expect(errorLines(noRegion)).toEqual([
      expect.stringMatching(/^No AWS region is set for Amazon Bedrock: set the 'aws-region' input/)
    ])
    expect(noRegion.exitCode).toBe(1)
    expect(b.requests).toHaveLength(0)
    expectNothingPosted(w)
  })
})

describe('provider: vertex', () => {
  async function vertexWorld(): Promise<{ w: ActionWorld; v: VertexServer; adc: string }> {
    const w = await mathWorld()
    vertex = await startVertexServer({
      messages: w.messages,
      apiKey: w.apiKey,
      project: PROJECT,
      region: VERTEX_REGION
    })
    dir = mkdtempSync(join(tmpdir(), 'redline-adc-'))
    return { w, v: vertex, adc: vertex.writeCredentials(dir) }
  }

  /** What google-github-actions/auth leaves after Workload Identity Federation: the ADC file and the project. */
  function runVertex(
    w: ActionWorld,
    v: VertexServer,
    adc: string,
    env: Record<string, string | undefined> = {}
  ) {
    return runOn(w, {
      inputs: { 'anthropic-api-key': '', provider: 'vertex', 'vertex-region': VERTEX_REGION },
      env: {
        GOOGLE_APPLICATION_CREDENTIALS: adc,
        GOOGLE_CLOUD_PROJECT: PROJECT,
        ANTHROPIC_BASE_URL: `${v.url}/v1`,
        ...env
      }
    })
  }

  it('sends the token the ADC file signs in for to rawPredict, and a review with a finding completes', async () => {
    const { w, v, adc } = await vertexWorld()
    pushReview(w)
    const result = await runVertex(w, v, adc)
    expect(errorLines(result)).toEqual([])
    expect(result.exitCode).toBe(0)
    const predicts = v.requests.filter(r => r.path !== '/token')
    expect(predicts.length).toBeGreaterThanOrEqual(2)
    expect(v.issued.length).toBeGreaterThanOrEqual(1)
    for (const request of predicts) {
      expect(request.status).toBe(200)
      expect(request.path).toBe(
        `/v1/projects/${PROJECT}/locations/${VERTEX_REGION}/publishers/anthropic/models/claude-sonnet-5-5:rawPredict`
      )
      expect(v.issued).toContain(request.headers['authorization']?.replace(/^Bearer /, ''))
      expect(request.body['anthropic_version']).toBe('vertex-2023-10-16')
    }
    expect(postedReviews(w)[0]?.comments[0]?.body).toContain('Division by zero returns Infinity')
    expect(result.stdout).toMatch(/1500 cache-read and 2000 cache-write tokens/)
  })

  it.each([
    [
      'expired credentials (401 UNAUTHENTICATED)',
      [{ code: 401, status: 'UNAUTHENTICATED', message: 'Request had invalid authentication credentials.' }],
      /^Google Vertex AI rejected the Google credentials \(401 UNAUTHENTICATED: Request had invalid authentication credentials\): they are missing or expired; sign in again with google-github-actions\/auth in this job\.$/
    ],
    [
      'a model the project does not have (404 NOT_FOUND)',
      [{ code: 404, status: 'NOT_FOUND', message: 'Publisher Model `claude-sonnet-5-5` not found.' }],
      /^Google Vertex AI does not know model 'claude-sonnet-5-5' in this project and region \(404 NOT_FOUND: .*\): set `model` to a Vertex model id .*enabled in Model Garden, and check vertex-region\.$/
    ],
    [
      'throttling that outlasts the retries (429 RESOURCE_EXHAUSTED)',
      Array.from({ length: 5 }, () => ({
        code: 429,
        status: 'RESOURCE_EXHAUSTED',
        message: 'Quota exceeded for aiplatform.googleapis.com/online_prediction_requests_per_base_model.',
        headers: { 'retry-after-ms': '5' }
      })),
      /^Google Vertex AI kept throttling the requests after its retries \(429 RESOURCE_EXHAUSTED: Quota exceeded.*\); a higher quota .* Nothing was reviewed: re-run the job\.$/
    ]
  ])('%s: one line naming the fix, nothing posted', async (_name, faults, line) => {
    const { w, v, adc } = await vertexWorld()
    v.fail(...faults)
    const result = await runVertex(w, v, adc)
    expect(result.exitCode).toBe(1)
    expect(errorLines(result)).toEqual([expect.stringMatching(line)])
    expect(v.requests.filter(r => r.path !== '/token')).toHaveLength(faults.length)
    expectNothingPosted(w)
  })

  it('PERMISSION_DENIED (403), no project, no credentials: one line each, nothing posted', async () => {
    const { w, v, adc } = await vertexWorld()
    v.fail({
      code: 403,
      status: 'PERMISSION_DENIED',
      message: "Permission 'aiplatform.endpoints.predict' denied on resource"
    })
    const denied = await runVertex(w, v, adc)
    expect(errorLines(denied)).toEqual([
      expect.stringMatching(
        /^Google Vertex AI refused model 'claude-sonnet-5-5' \(403 PERMISSION_DENIED: Permission 'aiplatform.endpoints.predict' denied on resource\): grant the service account aiplatform.endpoints.predict/
      )
    ])
    const noProject = await runVertex(w, v, adc, { GOOGLE_CLOUD_PROJECT: undefined })
    expect(errorLines(noProject)).toEqual([
      expect.stringMatching(/^No Google Cloud project is set for Vertex AI: set the 'vertex-project' input/)
    ])
    const before = v.requests.length
    const noCredentials = await runVertex(w, v, join(dir as string, 'missing.json'))
    expect(errorLines(noCredentials)).toEqual([
      expect.stringMatching(
        /^No usable Google credentials were found for Vertex AI \(.*\): sign in with google-github-actions\/auth/
      )
    ])
    expect(v.requests.length).toBe(before)
    expectNothingPosted(w)
  })
})

describe('the provider SDKs are loaded only when chosen', () => {
  let bundle: string
  beforeAll(() => {
    bundle = testedBundleDir()
  })

  it('the entry point holds neither SDK; each is in a chunk of its own', () => {
    const entry = readFileSync(join(bundle, 'index.js'), 'utf8')
    expect(entry).not.toContain('AnthropicBedrock')
    expect(entry).not.toContain('AnthropicVertex')
    const chunks = readdirSync(bundle).filter(name => /\.index\.js$/.test(name))
    const holding = (name: string) =>
      chunks.filter(chunk => readFileSync(join(bundle, chunk), 'utf8').includes(name))
    expect(holding('class AnthropicBedrock')).toHaveLength(1)
    expect(holding('class AnthropicVertex')).toHaveLength(1)
    expect(statSync(join(bundle, 'index.js')).size).toBeGreaterThan(0)
  })
})
