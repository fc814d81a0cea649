import { describe, expect, it } from '@jest/globals'
import { parseSarif, SarifError } from '../../src/evidence/sarif.js'

function log(runs: unknown[]): string {
  return JSON.stringify({ version: '2.1.0', $schema: 'https://json.schemastore.org/sarif-2.1.0.json', runs })
}

function result(uri: string, line: number, extra: object = {}): object {
  return {
    ruleId: 'no-unused-vars',
    level: 'warning',
    message: { text: "'x' is assigned a value but never used." },
    locations: [
      {
        physicalLocation: { artifactLocation: { uri, ...extra }, region: { startLine: line, startColumn: 7 } }
      }
    ]
  }
}

describe('parseSarif', () => {
  it('reads the tool, rule id, message and first location of each result', () => {
    const text = log([{ tool: { driver: { name: 'ESLint' } }, results: [result('src/app.ts', 2)] }])
    expect(parseSarif(text, ['/work/repo'])).toEqual([
      {
        tool: 'ESLint',
        ruleId: 'no-unused-vars',
        message: "'x' is assigned a value but never used.",
        path: 'src/app.ts',
        line: 2,
        column: 7,
        level: 'warning'
      }
    ])
  })

  it('resolves uriBaseId through originalUriBaseIds, absolute file URIs under a root, and percent-encoding', () => {
    const text = log([
      {
        tool: { driver: { name: 'CodeQL' } },
        originalUriBaseIds: { SRCROOT: { uri: 'file:///work/repo/' } },
        results: [
          result('src/a%20b.ts', 3, { uriBaseId: 'SRCROOT' }),
          result('file:///work/repo/lib/c.ts', 4),
          result('./lib/d.ts', 5),
          // Outside every root, or climbing out of it: no path, so not kept.
          result('file:///etc/passwd', 1),
          result('../outside.ts', 1),
          result('https://example.com/x.ts', 1)
        ]
      }
    ])
    expect(parseSarif(text, ['/work/repo']).map(r => `${r.path}:${r.line}`)).toEqual([
      'src/a b.ts:3',
      'lib/c.ts:4',
      'lib/d.ts:5'
    ])
  })

  it('takes results without a location or a driver name in its stride', () => {
    const text = log([
      {
        tool: {},
        results: [
          { message: { text: 'no location' } },
          { ...result('a.ts', 1), ruleId: undefined, rule: { id: 'R1' } }
        ]
      },
      'not a run'
    ])
    expect(parseSarif(text, [])).toEqual([
      expect.objectContaining({ tool: 'SARIF', ruleId: 'R1', path: 'a.ts' })
    ])
  })

  it('refuses what is not a SARIF log, with the reason', () => {
    expect(() => parseSarif('{"runs": [', [])).toThrow(SarifError)
    expect(() => parseSarif('{"version": "1.0.0"}', [])).toThrow(/not a SARIF 2.1 log/)
  })

  it('reads a large log in linear time', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => result(`src/f${i % 50}.ts`, (i % 300) + 1))
    const text = log([{ tool: { driver: { name: 'big' } }, results: many }])
    expect(parseSarif(text, [])).toHaveLength(20_000)
  })
})
