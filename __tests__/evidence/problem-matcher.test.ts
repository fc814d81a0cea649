import { describe, expect, it } from '@jest/globals'
import { compileMatchers, MatcherError, matchOutput } from '../../src/evidence/problem-matcher.js'
import { matcherFileSchema } from '../../src/evidence/spec.js'

const TSC = {
  owner: 'tsc',
  pattern: [
    {
      regexp:
        '^([^\\s].*)[\\(:](\\d+)[,:](\\d+)(?:\\):\\s+|\\s+-\\s+)(error|warning|info)\\s+(TS\\d+)\\s*:\\s*(.*)$',
      file: 1,
      line: 2,
      column: 3,
      severity: 4,
      code: 5,
      message: 6
    }
  ]
}

const STYLISH = {
  owner: 'eslint-stylish',
  pattern: [
    { regexp: '^([^\\s].*)$', file: 1 },
    {
      regexp: '^\\s+(\\d+):(\\d+)\\s+(error|warning|info)\\s+(.*)\\s\\s+(.*)$',
      line: 1,
      column: 2,
      severity: 3,
      message: 4,
      code: 5,
      loop: true
    }
  ]
}

describe('matchOutput', () => {
  it("reads tsc's one-line errors, relative and absolute under a root", () => {
    const output = [
      "src/app.ts(2,7): error TS2345: Argument of type 'string' is not assignable to parameter of type 'number'.",
      'Found 1 error.',
      '/tmp/tree/src/b.ts(10,1): warning TS6133: x is declared but never read.'
    ].join('\n')
    expect(matchOutput(output, compileMatchers([TSC]), ['/tmp/tree'])).toEqual([
      {
        tool: 'tsc',
        ruleId: 'TS2345',
        message: "Argument of type 'string' is not assignable to parameter of type 'number'.",
        path: 'src/app.ts',
        line: 2,
        column: 7,
        level: 'error'
      },
      expect.objectContaining({ path: 'src/b.ts', line: 10, ruleId: 'TS6133', level: 'warning' })
    ])
  })

  it('carries the file of a multi-line match through a looping last pattern', () => {
    const output = [
      'src/a.js',
      '  1:5  error  Unexpected var  no-var',
      '  3:1  warning  Missing semicolon  semi',
      '',
      'src/b.js',
      '  7:2  error  Bad  eqeqeq'
    ].join('\n')
    const results = matchOutput(output, compileMatchers([STYLISH]), [])
    expect(results.map(r => `${r.path}:${r.line} ${r.ruleId} ${r.message}`)).toEqual([
      'src/a.js:1 no-var Unexpected var',
      'src/a.js:3 semi Missing semicolon',
      'src/b.js:7 eqeqeq Bad'
    ])
  })

  it('stops a regexp caught in backtracking and says so, instead of hanging the run', () => {
    const matcher = compileMatchers([
      { owner: 'slow', pattern: [{ regexp: '^(a+)+b$', file: 1, message: 1 }] }
    ])
    const started = Date.now()
    expect(() => matchOutput(`${'a'.repeat(40)}c\n`.repeat(3), matcher, [])).toThrow(MatcherError)
    expect(Date.now() - started).toBeLessThan(10_000)
  })

  it('refuses a regexp that does not compile, naming the matcher', () => {
    expect(() => compileMatchers([{ owner: 'broken', pattern: [{ regexp: '(', message: 1 }] }])).toThrow(
      /broken/
    )
  })

  it("checks a matcher file's documented shape", () => {
    expect(matcherFileSchema.safeParse({ problemMatcher: [TSC, STYLISH] }).success).toBe(true)
    expect(
      matcherFileSchema.safeParse({ problemMatcher: [{ owner: 'x', pattern: [{ file: 1 }] }] }).success
    ).toBe(false)
  })
})
