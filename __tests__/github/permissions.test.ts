import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
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
