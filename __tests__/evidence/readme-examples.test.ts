/**
 * The README's "Evidence from your tools" examples are valid configuration, and their problem matchers read
 * what tsc and mypy print.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseConfig } from '../../src/engine/config.js'
import { compileMatchers, matchOutput } from '../../src/evidence/problem-matcher.js'
import type { CheckSpec } from '../../src/evidence/spec.js'

const README = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8')
const SECTION = README.slice(
  README.indexOf('## Evidence from your tools'),
  README.indexOf('## Configuration')
)
const CONFIGS = [...SECTION.matchAll(/```yaml\n(# \.github\/redline\.yml[^\n]*\n[\s\S]*?)```/g)].map(
  m => m[1] as string
)

const PRINTED: Record<string, string> = {
  tsc: "src/app.ts(12,27): error TS2345: Argument of type 'string' is not assignable to parameter of type 'number'.",
  mypy: 'src/app.py:12:7: error: Argument 1 to "pad" has incompatible type "str"; expected "int"  [arg-type]'
}

describe('the README examples of checks', () => {
  it('are a TypeScript and a Python example, each valid configuration whose matcher reads its tool', () => {
    expect(CONFIGS).toHaveLength(2)
    for (const text of CONFIGS) {
      const [check] = (parseConfig('.github/redline.yml', text)['checks'] as CheckSpec[] | undefined) ?? []
      expect(check?.matcher).toBeDefined()
      const [result] = matchOutput(PRINTED[check!.name] ?? '', compileMatchers([check!.matcher!]), [])
      expect(result).toMatchObject({
        path: expect.stringMatching(/^src\/app\./),
        line: 12,
        column: expect.any(Number)
      })
      expect(result!.ruleId).toMatch(/^(TS2345|arg-type)$/)
      expect(result!.message).toMatch(/^Argument/)
    }
  })
})
