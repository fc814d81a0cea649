/**
 * The examples of docs/checks.md are valid configuration, their problem matchers read what tsc and mypy
 * print, and their commands run as written: each check in the sandbox on a real repository, its `setup`
 * installing from a local npm registry or PyPI index stand-in, its `run` reading what was installed with no
 * network at all.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { parseConfig } from '../../src/engine/config.js'
import { runChecks } from '../../src/evidence/checks.js'
import { compileMatchers, matchOutput } from '../../src/evidence/problem-matcher.js'
import type { CheckSpec } from '../../src/evidence/spec.js'
import type { GatheredResults } from '../../src/evidence/types.js'
import { silentLogger } from '../../src/logger.js'
import {
  MYPY_PRINTS,
  startRegistries,
  TSC_PRINTS,
  type Registries
} from '../../testing/package-registries.js'

jest.setTimeout(180_000)

const DOC = readFileSync(join(import.meta.dirname, '../../docs/checks.md'), 'utf8')
const CONFIGS = [...DOC.matchAll(/```yaml\n(# \.github\/redline\.yml[^\n]*\n[\s\S]*?)```/g)].map(
  m => m[1] as string
)
const CHECKS = CONFIGS.map(
  text => ((parseConfig('.github/redline.yml', text)['checks'] as CheckSpec[]) ?? [])[0]!
)

const PRINTED: Record<string, string> = { tsc: TSC_PRINTS, mypy: MYPY_PRINTS }

describe('the documented examples of checks', () => {
  it('are a TypeScript and a Python example, each valid configuration whose matcher reads its tool', () => {
    expect(CHECKS.map(check => check.name)).toEqual(['tsc', 'mypy'])
    for (const check of CHECKS) {
      expect(check.setup).toBeDefined()
      const [result] = matchOutput(PRINTED[check.name] ?? '', compileMatchers([check.matcher!]), [])
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

describe('the documented checks, run', () => {
  let registries: Registries
  let dir: string
  let gathered: GatheredResults

  function commitRepo(files: Record<string, string>): { repo: string; sha: string } {
    const repo = join(dir, 'repo')
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(repo, path)), { recursive: true })
      writeFileSync(join(repo, path), text)
    }
    const git = (...args: string[]): string =>
      execFileSync('git', args, {
        cwd: repo,
        env: { PATH: process.env['PATH'] ?? '', HOME: dir, GIT_CONFIG_NOSYSTEM: '1' },
        encoding: 'utf8'
      }).trim()
    git('init', '--quiet', '-b', 'main')
    git('add', '.')
    git('-c', 'user.name=Pat', '-c', 'user.email=p@example.com', 'commit', '--quiet', '-m', 'Add app')
    return { repo, sha: git('rev-parse', 'HEAD') }
  }

  beforeAll(async () => {
    registries = await startRegistries()
    dir = mkdtempSync(join(tmpdir(), 'redline-docs-checks-'))
    const { repo, sha } = commitRepo({
      ...registries.npmProject,
      'requirements.txt': '',
      'src/app.ts': 'export const x = 1\n',
      'src/app.py': 'x = 1\n'
    })
    const reachesRegistry = `node -e 'fetch(process.env.NPM_CONFIG_REGISTRY + "/typescript").then(r => console.log("reached", r.status), e => { console.error("unreachable:", e.cause?.code ?? e.message); process.exit(1) })'`
    const network: CheckSpec = {
      name: 'network',
      setup: reachesRegistry,
      run: reachesRegistry,
      format: 'problem-matcher',
      matcher: { owner: 'network', pattern: [{ regexp: '^never (\\S+):(\\d+)$', file: 1, line: 2 }] },
      env: ['NPM_CONFIG_REGISTRY'],
      timeout: 1
    }
    gathered = await runChecks({
      checks: [...CHECKS, network],
      workspace: repo,
      headSha: sha,
      logger: silentLogger,
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: dir,
        NPM_CONFIG_REGISTRY: registries.npmUrl,
        PIP_INDEX_URL: registries.pypiUrl
      }
    })
  })

  afterAll(async () => {
    await registries?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('installs in setup from the registry stand-ins and reads the tools in run', () => {
    expect(gathered.reports.slice(0, 2)).toEqual([
      { source: 'check', name: 'tsc', status: 'ran', text: 'ran' },
      { source: 'check', name: 'mypy', status: 'ran', text: 'ran' }
    ])
    expect(gathered.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tool: 'tsc', path: 'src/app.ts', line: 12, ruleId: 'TS2345' }),
        expect.objectContaining({ tool: 'mypy', path: 'src/app.py', line: 12, ruleId: 'arg-type' })
      ])
    )
    expect(registries.requested).toEqual(
      expect.arrayContaining([
        '/typescript/-/typescript-5.9.0.tgz',
        '/simple/mypy/',
        '/files/mypy-1.0-py3-none-any.whl'
      ])
    )
  })

  it('lets setup reach the registry and run not', () => {
    expect(gathered.reports[2]).toMatchObject({
      name: 'network',
      status: 'failed',
      text: expect.stringMatching(/^exited with 1 and no result: unreachable: (ECONNREFUSED|ENETUNREACH)/)
    })
    expect(registries.requested.filter(path => path === '/typescript')).toHaveLength(1)
  })
})
