import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { Ajv } from 'ajv'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createOctokit, type Octokit } from '../../src/github/client.js'
import { isWritePermission, permissionFrom, permissionOf, writeAccess } from '../../src/github/permissions.js'
import { memoryLogger } from '../../src/logger.js'
import { startHistoryServer, type HistoryStandIn } from '../../testing/github/history-server.js'

const REPO = { owner: 'acme', repo: 'widgets' }

let github: HistoryStandIn

function octokit(token = 'ghs_testtoken'): Octokit {
  return createOctokit(token, memoryLogger(), { apiUrl: github.url, graphqlUrl: github.graphqlUrl })
}

function permissionRequests(): number {
  return github.requests.filter(r => r.path.endsWith('/permission')).length
}

beforeAll(async () => {
  github = await startHistoryServer({ owner: REPO.owner, repo: REPO.repo })
  for (const [login, role] of [
    ['ada', 'admin'],
    ['max', 'maintain'],
    ['wes', 'write'],
    ['tia', 'triage'],
    ['rob', 'read']
  ] as const)
    github.store.setPermission(login, role)
})

afterAll(async () => {
  await github.close()
})

describe('a person’s permission on the repository', () => {
  it('reads each role GitHub names, and none for someone who is not a collaborator', async () => {
    const client = octokit()
    const roles = await Promise.all(
      ['ada', 'max', 'wes', 'tia', 'rob', 'nobody'].map(login => permissionOf(client, REPO, login))
    )
    expect(roles).toEqual(['admin', 'maintain', 'write', 'triage', 'read', 'none'])
    expect(roles.map(isWritePermission)).toEqual([true, true, true, false, false, false])
  })

  it('is answered by the stand-in in the shape GitHub documents', async () => {
    const file = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json')
    const spec = JSON.parse(readFileSync(file, 'utf8')) as { components: { schemas: unknown } }
    const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true })
    ajv.addSchema({ $id: 'github', components: { schemas: spec.components.schemas } })
    const validate = ajv.compile({ $ref: 'github#/components/schemas/repository-collaborator-permission' })
    const { data } = await octokit().rest.repos.getCollaboratorPermissionLevel({ ...REPO, username: 'max' })
    expect(validate(data)).toBe(true)
    expect(data).toMatchObject({ permission: 'write', role_name: 'maintain', user: { login: 'max' } })
  })

  it('takes a custom role by its base permission', () => {
    expect(permissionFrom({ permission: 'write', role_name: 'release-manager' })).toBe('write')
    expect(permissionFrom({ permission: 'read', role_name: 'auditor' })).toBe('read')
    expect(permissionFrom({ permission: 'write', role_name: 'maintain' })).toBe('maintain')
    expect(permissionFrom({})).toBe('none')
  })

  it('asks once per login and client, also when asked at the same time', async () => {
    const client = octokit()
    const before = permissionRequests()
    const canWrite = writeAccess(client, REPO)
    expect(await Promise.all([canWrite('wes'), canWrite('wes'), canWrite('WES'), canWrite('rob')])).toEqual([
      true,
      true,
      true,
      false
    ])
    expect(await permissionOf(client, REPO, 'wes')).toBe('write')
    expect(permissionRequests() - before).toBe(2)
    await permissionOf(octokit(), REPO, 'wes')
    expect(permissionRequests() - before).toBe(3)
  })

  it('fails with a clear message when GitHub refuses the lookup, and asks again next time', async () => {
    const canWrite = writeAccess(octokit('ghs_wrong'), REPO)
    await expect(canWrite('wes')).rejects.toThrow(
      /could not read @wes's permission on acme\/widgets: Bad credentials/
    )
    const before = permissionRequests()
    await expect(canWrite('wes')).rejects.toThrow(/Bad credentials/)
    expect(permissionRequests() - before).toBe(1)
  })
})
