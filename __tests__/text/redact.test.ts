import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  isKeyBodyLine,
  looksRandom,
  mayBeKeyBodyLine,
  mayHoldKeyBodyLine,
  privateKeyLines,
  PRIVATE_KEY_LINE,
  redactFileLines,
  redactSecrets
} from '../../src/text/redact.js'
import { redactSecretsExhaustively } from '../../testing/oracles.js'
import { renderFileDiff } from '../../src/diff/prompt-diff.js'
import type { DiffFile } from '../../src/diff/model.js'
import {
  keyBodyLines,
  PRIVATE_KEY_FILE,
  PRIVATE_KEY_SECRETS,
  privateKeyFile,
  SECRET_FORMS
} from '../support/secrets.js'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

describe('redactSecrets', () => {
  it.each(SECRET_FORMS.map(form => [form.name, form] as const))('redacts a %s', (_name, form) => {
    const redacted = redactSecrets(form.line)
    expect(redacted).not.toContain(form.secret)
    expect(redacted).toContain('[REDACTED ')
  })

  it('keeps the name of an assignment and its quotes, and replaces only the value', () => {
    const aws = SECRET_FORMS.find(form => form.name === 'AWS secret access key')!
    expect(redactSecrets(aws.line)).toBe("aws_secret_access_key = '[REDACTED secret]'")
    const env = SECRET_FORMS.find(form => form.name === 'AWS secret in an env file')!
    expect(redactSecrets(env.line)).toBe('AWS_SECRET_ACCESS_KEY=[REDACTED secret]')
    const url = SECRET_FORMS.find(form => form.name === 'connection string')!
    expect(redactSecrets(url.line)).toBe(
      'DATABASE_URL=postgres://app:[REDACTED password]@db.internal:5432/app'
    )
  })

  it('redacts every form inside a larger text and keeps the line count', () => {
    const text = SECRET_FORMS.map(form => form.line).join('\n')
    const redacted = redactSecrets(text)
    expect(redacted.split('\n')).toHaveLength(SECRET_FORMS.length)
    for (const form of SECRET_FORMS) expect(redacted).not.toContain(form.secret)
  })

  it.each([
    'const token = getToken(request)',
    'const password = process.env.DB_PASSWORD',
    "secretName: 'projects/my-project-123/secrets/db'",
    "const tokenType = 'refresh_token_expired'",
    'apiKey = config.apiKey',
    'Organization.APIKeys = api_keys_1.APIKeys;',
    'this._tokenizeIcu=r.tokenizeExpansionForms||!1',
    'const url = `https://x-access-token:${token}@github.com/acme/widgets`',
    'GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}',
    'password_file = "/run/secrets/db-password.txt"',
    "secret_arn = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:MyApp2'",
    "const tokens = ['aaaaaaaaaaaaaaaaaaaaaaaaaa']",
    "headers.Authorization = 'Bearer ' + token",
    'maxTokens = maxTokensForModel2Opus'
  ])('leaves ordinary code alone: %s', line => {
    expect(redactSecrets(line)).toBe(line)
  })

  it('runs in linear time on a long line of name characters', () => {
    const line = `password${'a'.repeat(200_000)}`
    const started = Date.now()
    redactSecrets(`${line}\n${'token_'.repeat(30_000)}`)
    expect(Date.now() - started).toBeLessThan(2_000)
  })
})

describe('redactSecrets pre-checks', () => {
  // Built from parts, so that this file holds no secret for the scan of the sources below.
  const value = ['Qx7v', 'T2mP', 'z9Lk', 'R4wN8sYb'].join('')
  const texts = [
    ...SECRET_FORMS.map(form => form.line),
    SECRET_FORMS.map(form => form.line).join('\n'),
    PRIVATE_KEY_FILE,
    privateKeyFile(keyBodyLines(4, 'pre-check')),
    ...keyBodyLines(3, 'lines'),
    'const token = getToken(request)',
    `Server=db;User Id=app;PASSWORD=${value};`,
    `postgres://app:${value}@db/app`,
    `Authorization: Bearer ${value}12345`,
    `API_KEY=${value}`,
    '  const value12_v1 = compute(5, 12) // v1 line 12 of module 5',
    ''
  ]

  it.each(texts.map(text => [text.slice(0, 60), text] as const))(
    'give the same output as every pattern run: %s',
    (_name, text) => {
      expect(redactSecrets(text)).toBe(redactSecretsExhaustively(text))
    }
  )

  it('skip nothing when a secret sits among lines that hold none', () => {
    const code = Array.from({ length: 50 }, (_, i) => `const value${i} = compute(${i})`)
    for (const form of SECRET_FORMS) {
      const text = [...code, form.line, ...code].join('\n')
      expect(redactSecrets(text)).toBe(redactSecretsExhaustively(text))
      expect(redactSecrets(text)).not.toContain(form.secret)
    }
  })
})

describe('mayHoldKeyBodyLine', () => {
  // A diff line's text: after its marker, without a carriage return before its newline.
  const textOf = (line: string): string => line.slice(1).replace(/\r$/, '')
  const holds = (lines: string[]): boolean =>
    lines.some(line => !line.startsWith('\\') && mayBeKeyBodyLine(textOf(line)))

  it('says of a span of diff lines what mayBeKeyBodyLine says of their texts', () => {
    const key = 'A'.repeat(60)
    const cases: string[][] = [
      [`+${key}`],
      [`-  ${key}`],
      [` \t${key}`],
      [`+${key}\r`],
      [`+${'A'.repeat(59)}`],
      [`${key}`],
      [`\\${key}`],
      [`+code();\r${key}`],
      [`+code();\u2028${key}`],
      [`+code();\u2029  ${key}`],
      [`+code();\r`, `+${'A'.repeat(59)}=`],
      [`+x = '${key}'`],
      ['', `+${key}`],
      [' a', ' b']
    ]
    for (const lines of cases) {
      const span = lines.map(line => `${line}\n`).join('')
      expect([lines, mayHoldKeyBodyLine(span, 0, span.length)]).toEqual([lines, holds(lines)])
    }
  })

  it('agrees with mayBeKeyBodyLine on random hunk bodies, and reads only its span', () => {
    const alphabet = 'Aa9+/'.repeat(10) + ' \t=\r\u2028\u2029-x.'
    const markers = [' ', '+', '-', '\\', '']
    const outside = `+${'B'.repeat(64)}\n`
    let seed = 11
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    const answers = { true: 0, false: 0 }
    for (let round = 0; round < 2000; round++) {
      const lines: string[] = []
      for (let count = 1 + random(4); lines.length < count;) {
        // Random characters around, often, a run of base64 about as long as a key line needs.
        const some = (length: number, chars: string): string => {
          let text = ''
          for (let i = 0; i < length; i++) text += chars[random(chars.length)]
          return text
        }
        const run = random(2) === 0 ? some(56 + random(8), 'Aa9+/') : ''
        const text = some(random(6), alphabet) + run + some(random(30), alphabet)
        lines.push(
          `${markers[random(markers.length)]}${text.replaceAll('\n', '')}${random(4) === 0 ? '\r' : ''}`
        )
      }
      const span = lines.map(line => `${line}\n`).join('')
      const expected = holds(lines)
      answers[`${expected}`]++
      const diff = outside + span + outside
      const got = mayHoldKeyBodyLine(diff, outside.length, outside.length + span.length)
      expect([lines, got]).toEqual([lines, expected])
    }
    expect(Math.min(answers.true, answers.false)).toBeGreaterThan(200)
  })
})

describe('looksRandom', () => {
  it.each([
    ['a mixed-case credential', 'Qx7vT2mPz9LkR4wN8sYb', true],
    ['long hex', '9f8e7d6c5b4a39281706f5e4d3c2b1a0', true],
    ['a UUID', '123e4567-e89b-12d3-a456-426614174000', true],
    ['lower case and digits', 'k9x2m4p7q1w8e5r3t6y0', true],
    ['a word', 'refresh_token_expired', false],
    ['repeated characters', 'aA1aA1aA1aA1aA1aA1', false],
    ['a template', '${SECRET_VALUE_1234}', false],
    ['a file name', 'credentials-2024.json', false]
  ])('%s', (_name, value, expected) => {
    expect(looksRandom(value)).toBe(expected)
  })
})

describe('private keys, file by file', () => {
  const file = ['# deploy key', PRIVATE_KEY_FILE, 'after = 1'].join('\n')

  it('finds every line a key block touches', () => {
    const lines = file.split('\n')
    expect([...privateKeyLines(file)]).toEqual(
      lines.map((_, i) => i + 1).filter(n => n >= 2 && n <= PRIVATE_KEY_SECRETS.length + 3)
    )
    expect(privateKeyLines('no keys here\n').size).toBe(0)
  })

  it('masks each line of the block, so no single line of a key survives', () => {
    const lines = redactFileLines(file)
    expect(lines).toHaveLength(file.split('\n').length)
    expect(lines[0]).toBe('# deploy key')
    expect(lines.slice(1, PRIVATE_KEY_SECRETS.length + 3).every(l => l === PRIVATE_KEY_LINE)).toBe(true)
    expect(lines[lines.length - 1]).toBe('after = 1')
    for (const body of PRIVATE_KEY_SECRETS) expect(lines.join('\n')).not.toContain(body)
  })

  it('masks to the end of the file when the END line is missing', () => {
    const cut = PRIVATE_KEY_FILE.split('\n').slice(0, 3).join('\n') + '\n'
    expect(redactFileLines(cut)).toEqual([
      PRIVATE_KEY_LINE,
      PRIVATE_KEY_LINE,
      PRIVATE_KEY_LINE,
      PRIVATE_KEY_LINE
    ])
  })

  it('finds two keys and the lines between them stay', () => {
    const two = [PRIVATE_KEY_FILE, 'between', PRIVATE_KEY_FILE].join('\n')
    const lines = redactFileLines(two)
    const block = PRIVATE_KEY_SECRETS.length + 2
    expect(lines[block]).toBe('')
    expect(lines[block + 1]).toBe('between')
    expect(lines.filter(l => l === PRIVATE_KEY_LINE)).toHaveLength(2 * block)
  })
})

describe('a key body seen without its BEGIN line', () => {
  const body = keyBodyLines(3, 'unit')

  it('is found on a later line after whichever line terminator comes first', () => {
    const key = 'A'.repeat(64)
    for (const terminator of ['\n', '\r', '\u2028', '\u2029']) {
      expect(isKeyBodyLine(`const x = 1${terminator}${key}`)).toBe(true)
      expect(isKeyBodyLine(`const x = 1${terminator}${'A'.repeat(59)}`)).toBe(false)
    }
    expect(isKeyBodyLine(`a\u2029b\rc\n${key}`)).toBe(true)
    expect(isKeyBodyLine(`a\n${key}\u2028${key} x`)).toBe(true)
    expect(isKeyBodyLine(`a\n${key} x\u2028${key} x`)).toBe(false)
  })

  it('is recognised line by line, at the widths keys are wrapped at', () => {
    for (const line of body) expect(isKeyBodyLine(line)).toBe(true)
    expect(isKeyBodyLine(`${'A'.repeat(70)}==`)).toBe(true)
    expect(isKeyBodyLine(`const data = '${body[0]}'`)).toBe(false)
    expect(isKeyBodyLine('A'.repeat(59))).toBe(false)
    expect(isKeyBodyLine('A'.repeat(120))).toBe(false)
    expect(redactSecrets(`x = 1\n${body.join('\n')}\ny = 2`)).toBe(
      `x = 1\n${body.map(() => PRIVATE_KEY_LINE).join('\n')}\ny = 2`
    )
  })

  it('is told from other lines exactly as the whole pattern tells it', () => {
    const pattern = /^[ \t]*[A-Za-z0-9+/]{60,76}={0,2}[ \t]*\r?$/m
    const key = body[0] ?? ''
    const lines = [
      ...body,
      `  ${key}`,
      `\t${key}  `,
      `${key}\r`,
      `${key}==`,
      `${key.slice(0, 59)} ${key.slice(59)}`,
      `${key.slice(0, 30)}-${key.slice(30)}`,
      `code();\n${key}`,
      `code();\r${key}`,
      `${key}\u2028more`,
      ' '.repeat(80),
      'A'.repeat(60),
      'A'.repeat(59),
      'A'.repeat(76),
      'A'.repeat(77),
      '  const value12_v1 = compute(5, 12) // v1 line 12 of module 5',
      ''
    ]
    for (const line of lines) expect([line, isKeyBodyLine(line)]).toEqual([line, pattern.test(line)])
  })

  it('agrees with the whole pattern on random lines of base64, blanks, padding and line breaks', () => {
    const pattern = /^[ \t]*[A-Za-z0-9+/]{60,76}={0,2}[ \t]*\r?$/m
    // Mostly base64, so that long runs, runs cut short and runs across line breaks all come up.
    const alphabet = 'Aa9+/'.repeat(12) + ' \t=\r\n\u2028-'
    let seed = 7
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    for (let round = 0; round < 3000; round++) {
      const length = 40 + random(160)
      let line = ''
      for (let i = 0; i < length; i++) line += alphabet[random(alphabet.length)]
      expect([line, isKeyBodyLine(line)]).toEqual([line, pattern.test(line)])
    }
  })

  it('is masked in a diff hunk', () => {
    const file: DiffFile = {
      path: 'certs/service.key',
      oldPath: 'certs/service.key',
      status: 'modified',
      additions: 1,
      deletions: 1,
      binary: false,
      hunks: [
        {
          index: 0,
          header: `@@ -6,3 +6,3 @@ ${keyBodyLines(1, 'above')[0]}`,
          oldStart: 6,
          oldLines: 3,
          newStart: 6,
          newLines: 3,
          lines: [
            { kind: 'context', text: body[0]!, oldLine: 6, newLine: 6 },
            { kind: 'del', text: body[1]!, oldLine: 7 },
            { kind: 'add', text: body[2]!, newLine: 7 },
            { kind: 'context', text: 'not key material', oldLine: 8, newLine: 8 }
          ]
        }
      ]
    }
    const rendered = renderFileDiff(file)
    for (const line of body) expect(rendered).not.toContain(line)
    expect(rendered).not.toContain(keyBodyLines(1, 'above')[0])
    expect(rendered.match(/\[REDACTED private key\]/g)).toHaveLength(4)
    expect(rendered).toContain('not key material')
  })
})

/** Files whose secrets are there on purpose, as literal test data. */
const DELIBERATE_SECRET_FIXTURES = [
  '__tests__/agent/first-message.int.test.ts',
  '__tests__/support/hardening.ts',
  '__tests__/findings/store.test.ts'
]

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap(entry => {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.(ts|js|mjs|json|ya?ml|md|sh|diff)$/.test(entry.name) ? [path] : []
  })
}

describe("this repository's own sources", () => {
  const files = [
    ...sourceFiles('src'),
    ...sourceFiles('__tests__'),
    'action.yml',
    'README.md',
    ...sourceFiles('docs')
  ]

  it('redact exactly as with every pattern run, whatever the pre-checks skip', () => {
    for (const path of files) {
      const text = readFileSync(join(ROOT, path), 'utf8')
      expect(redactSecrets(text)).toBe(redactSecretsExhaustively(text))
      for (const line of text.split('\n')) expect(redactSecrets(line)).toBe(redactSecretsExhaustively(line))
    }
  })

  it('hold nothing the redactor would change, apart from the deliberate fixtures', () => {
    const changed = files.filter(path => {
      const text = readFileSync(join(ROOT, path), 'utf8')
      return redactSecrets(text) !== text
    })
    expect(changed.map(path => relative('.', path)).sort()).toEqual([...DELIBERATE_SECRET_FIXTURES].sort())
    expect(files.length).toBeGreaterThan(80)
  })
})
