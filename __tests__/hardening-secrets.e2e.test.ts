import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { reply } from '../testing/messages-server.js'
import {
  keyBodyLines,
  privateKeyFile,
  PRIVATE_KEY_FILE,
  PRIVATE_KEY_SECRETS,
  SECRET_FORMS
} from './support/secrets.js'
import {
  expectFindingsKept,
  expectNoSecretAnywhere,
  firstUserText,
  reviewPosts,
  runOn,
  startWorld,
  toolResults,
  userLine,
  type Run,
  type World
} from './support/hardening-world.js'

jest.setTimeout(120_000)

/**
 * A key on the base branch that the pull request rotates in part: the hunk shows body lines of the key
 * without its BEGIN line.
 */
const OLD_BODY = keyBodyLines(16, 'service-key')
const NEW_BODY = OLD_BODY.map((line, i) => (i === 8 ? keyBodyLines(1, 'rotated')[0]! : line))

/** Every secret, and each line of the private keys' bodies on its own. */
const SECRETS = [...SECRET_FORMS.map(form => form.secret), ...PRIVATE_KEY_SECRETS, ...OLD_BODY, ...NEW_BODY]
const CREDENTIALS = SECRET_FORMS.map(form => form.line).join('\n') + '\n'
const GITHUB_FORM = SECRET_FORMS.find(form => form.name === 'GitHub token')!
const AWS_FORM = SECRET_FORMS.find(form => form.name === 'AWS secret access key')!

const SETTINGS_TS = [
  "export const region = 'eu-west-1'",
  AWS_FORM.line.replace(/^aws_secret_access_key = /, 'export const aws_secret_access_key = '),
  ''
].join('\n')

const FINDING = {
  severity: 'critical',
  category: 'security',
  file: 'src/settings.ts',
  title: 'AWS secret access key committed in source',
  description: 'The key on this line must be revoked and read from the environment instead.',
  start_line: 2,
  end_line: 2,
  quote: "export const aws_secret_access_key = '[REDACTED secret]'",
  suggestion: 'export const aws_secret_access_key = process.env.AWS_SECRET_ACCESS_KEY'
}

let w: World
let result: Run

beforeAll(async () => {
  w = await startWorld(
    {
      // A key already on the base branch is never in the diff: only search_code and read_file can reach it.
      base: {
        'src/math.ts': 'export const one = 1\n',
        'deploy/id_rsa': PRIVATE_KEY_FILE,
        'config/base.env': CREDENTIALS,
        'certs/service.key': privateKeyFile(OLD_BODY)
      },
      commits: [
        {
          files: {
            'src/settings.ts': SETTINGS_TS,
            'config/credentials.env': CREDENTIALS,
            'keys/id_rsa': PRIVATE_KEY_FILE,
            'certs/service.key': privateKeyFile(NEW_BODY),
            // A token pasted as a file name shows in the file list and in the diff's file header.
            [`config/${GITHUB_FORM.secret}.json`]: '{ "scope": "repo" }\n'
          }
        }
      ]
    },
    {
      title: `Add settings (token ${GITHUB_FORM.secret})`,
      body: `Deploy with ${SECRET_FORMS.find(form => form.name === 'Slack token')!.secret} and the key in keys/.`
    }
  )
  w.messages.push(
    reply.toolUse('read_file', { path: 'config/credentials.env' }),
    reply.toolUse('read_file', { path: 'config/base.env', ref: 'base' }),
    reply.toolUse('read_file', { path: 'deploy/id_rsa' }),
    reply.toolUse('search_code', { pattern: '[A-Za-z0-9+/]{60,}' }),
    reply.toolUse('search_code', { pattern: 'secret|password|token|key|Bearer|://', path: 'config' }),
    reply.toolUse('get_diff', { path: 'config/credentials.env' }),
    reply.toolUse('get_diff', { path: 'keys/id_rsa' }),
    reply.toolUse('get_diff', { path: 'certs/service.key' }),
    reply.toolUse('add_finding', FINDING),
    reply.toolUse('publish_review', { summary: 'A committed AWS key; see the inline comment.' })
  )
  result = await runOn(w)
})

afterAll(async () => {
  await w?.close()
})

describe('secrets in repository files', () => {
  it('reviews the pull request and tells the user where the review is', () => {
    expect(result.stderr).toBe('')
    expect(result.exitCode).toBe(0)
    expect(userLine(result)).toMatch(/^Review posted: http.*#pullrequestreview-\d+$/)
    expect(w.messages.remaining()).toBe(0)
  })

  it('sends no secret to the model, to GitHub, to the log, the outputs, the summary or the findings file', () => {
    expectNoSecretAnywhere(w, result, SECRETS)
  })

  it('showed the model every file, with each secret replaced by a marker', () => {
    const [first, ...rest] = w.messages.requests
    const context = firstUserText(first!)
    expect(context).toContain('config/credentials.env')
    expect(context).toContain('[REDACTED secret]')
    expect(context).toContain('[REDACTED private key]')
    expect(context).toContain('config/[REDACTED GitHub token].json')
    const results = rest.slice(0, 8).map(request => toolResults(request)[0] ?? '')
    expect(results).toHaveLength(8)
    for (const text of results) {
      expect(text).toContain('<untrusted-data')
      expect(text).toContain('[REDACTED')
    }
    // The search for long base64 lines found the committed key's body, line by line, masked.
    expect(results[3]).toMatch(/deploy\/id_rsa:2: \[REDACTED private key\]/)
    expect(results[3]).toMatch(/keys\/id_rsa:5: \[REDACTED private key\]/)
    // The partly rotated key: its hunk starts in the middle of the body, far from the BEGIN line.
    expect(results[7]).toMatch(
      /certs\/service\.key \(modified, \+1 -1\)\n@@ -7,7 \+7,7 @@ \[REDACTED private key\]\n/
    )
    expect(results[7]).not.toContain('BEGIN')
    expect(results[7]).toContain('[REDACTED private key]')
  })

  it('posts the finding about the secret without the secret', () => {
    const [post] = reviewPosts(w)
    expect(post?.comments?.map(c => [c.path, c.line])).toEqual([['src/settings.ts', 2]])
    expectFindingsKept(result, [FINDING.title])
  })
})
