import { describe, expect, it } from '@jest/globals'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { noticeEntries, packageDirs, renderLicenses, type BundledPackage } from '../scripts/licenses.js'
import { testedBundleDir } from '../testing/test-bundle.js'
import { dependencyClosure, importedPackages, type Lockfile } from './support/bundled-packages.js'

const root = resolve(import.meta.dirname, '..')

/**
 * Packages src/ reaches whose code the bundle does not contain: the SDK uses json-schema-to-ts (and with
 * it ts-algebra and @babel/runtime) only for its types, and the @octokit type packages hold no code at all.
 */
const NOT_BUNDLED: Record<string, string> = {
  'json-schema-to-ts': 'types only',
  'ts-algebra': 'types only',
  '@babel/runtime': 'a dependency of json-schema-to-ts',
  '@octokit/openapi-types': 'declaration files only',
  '@octokit/types': 'declaration files only',
  // The Bedrock client depends on @smithy/smithy-client and @smithy/types 2.x for types; their own
  // dependencies hold no code the bundle reaches (the runtime code comes from the newer copies).
  '@aws-sdk/types': 'types only',
  '@smithy/abort-controller': "a dependency of the Bedrock client's @smithy 2.x type packages",
  '@smithy/middleware-endpoint': "a dependency of the Bedrock client's @smithy 2.x type packages",
  '@smithy/middleware-serde': "a dependency of the Bedrock client's @smithy 2.x type packages",
  '@smithy/node-config-provider': "a dependency of the Bedrock client's @smithy 2.x type packages",
  '@smithy/property-provider': "a dependency of the Bedrock client's @smithy 2.x type packages",
  '@smithy/querystring-parser': "a dependency of the Bedrock client's @smithy 2.x type packages",
  '@smithy/shared-ini-file-loader': "a dependency of the Bedrock client's @smithy 2.x type packages",
  '@smithy/url-parser': "a dependency of the Bedrock client's @smithy 2.x type packages"
}

/**
 * Packages the lockfile holds for the tests alone that the bundle still takes in: `debug` (under the Vertex
 * client's HTTP agents) requires supports-color when it is installed, and it is, for jest.
 */
const BUNDLED_FROM_DEV = new Set(['supports-color', 'has-flag'])

/** The packages src/ imports and all they depend on, by name, with the versions the lockfile installs. */
function bundledPackages(): Map<string, Set<string>> {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as Lockfile
  const paths = dependencyClosure(lock, importedPackages(join(root, 'src')))
  for (const name of BUNDLED_FROM_DEV)
    if (lock.packages[`node_modules/${name}`]) paths.push(`node_modules/${name}`)
  const found = new Map<string, Set<string>>()
  for (const path of paths) {
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)
    if (name in NOT_BUNDLED) continue
    found.set(name, (found.get(name) ?? new Set()).add(lock.packages[path]?.version ?? ''))
  }
  return found
}

describe('licenses.txt of the tested bundle', () => {
  const notice = readFileSync(join(testedBundleDir(), 'licenses.txt'), 'utf8')
  const entries = noticeEntries(notice)

  it('names every package whose code is bundled, with its licence text', () => {
    const named = new Set(entries.map(e => e.name))
    const expected = [...bundledPackages().keys()].sort()
    expect([...named].sort()).toEqual(expected)
    for (const name of [
      'zod',
      'undici',
      '@actions/core',
      '@actions/github',
      '@octokit/core',
      '@anthropic-ai/sdk'
    ])
      expect(named).toContain(name)
    for (const entry of entries) {
      expect(entry.license).toMatch(/^[A-Za-z0-9.+-]+(?: (?:OR|AND) [A-Za-z0-9.+-]+)*$/)
      // A package without a licence file is named with its declared licence and where it comes from.
      if (entry.text.includes('ships no licence file'))
        expect(entry.text).toMatch(/declares \S+ \(.*https?:\/\//)
      else expect(entry.text.length).toBeGreaterThan(100)
    }
  })

  it('gives each package at the version the lockfile installs', () => {
    const installed = bundledPackages()
    for (const entry of entries) expect(installed.get(entry.name)).toContain(entry.version)
  })

  it('leaves out only packages that hold no bundled code', () => {
    for (const name of Object.keys(NOT_BUNDLED)) {
      expect(existsSync(join(root, 'node_modules', name, 'package.json'))).toBe(true)
    }
  })
})

describe('collecting the bundled packages', () => {
  it('finds the package behind every module, through loader chains, queries, nesting and scopes', () => {
    const stats = {
      modules: [
        { identifier: '/r/node_modules/@vercel/ncc/loaders/ts.js??x!/r/src/index.ts' },
        { identifier: '/r/node_modules/ncc-loader.js!/r/node_modules/zod/v4/core/index.js?esm' },
        {
          identifier: 'concatenated',
          modules: [
            {
              nameForCondition:
                '/r/node_modules/@octokit/plugin-retry/node_modules/@octokit/request-error/dist/index.js'
            },
            { nameForCondition: '/r/node_modules/undici/lib/web/fetch/index.js' }
          ]
        },
        { identifier: 'external node:fs' }
      ]
    }
    expect(packageDirs(stats)).toEqual([
      '/r/node_modules/@octokit/plugin-retry/node_modules/@octokit/request-error',
      '/r/node_modules/undici',
      '/r/node_modules/zod'
    ])
  })

  it('renders each package once, in name order, and says when a package ships no licence file', () => {
    const pkg = (name: string, version: string, text?: string): BundledPackage => ({
      name,
      version,
      license: 'MIT',
      text,
      dir: `/r/node_modules/${name}`
    })
    const notice = renderLicenses([
      pkg('zod', '4.0.0', 'MIT text'),
      pkg('@a/b', '1.0.0'),
      pkg('zod', '4.0.0', 'MIT text')
    ])
    expect(notice).toBe(
      '@a/b@1.0.0\nMIT\n@a/b ships no licence file; its package.json declares MIT.\n\nzod@4.0.0\nMIT\nMIT text\n'
    )
    expect(noticeEntries(notice)).toEqual([
      {
        name: '@a/b',
        version: '1.0.0',
        license: 'MIT',
        text: '@a/b ships no licence file; its package.json declares MIT.'
      },
      { name: 'zod', version: '4.0.0', license: 'MIT', text: 'MIT text' }
    ])
  })
})
