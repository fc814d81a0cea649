/**
 * The organisation's defaults on the command line: read, as the action reads them, when GITHUB_TOKEN can
 * read the organisation's repository (REDLINE_ORG_CONFIG, else `<owner>/.github` of the origin remote), and
 * said plainly when they are not read.
 */
import { organisationFromRead, ORGANISATION_FILES, type OrganisationConfig } from '../engine/index.js'
import { readDefaultBranchFiles } from '../github/default-branch-files.js'
import { createPlainOctokit } from '../github/plain-client.js'
import type { Logger } from '../logger.js'
import type { Flags } from './args.js'
import { resolveLocal } from './local-config.js'
import { git } from './repo.js'

export interface LocalOrganisation {
  organisation?: OrganisationConfig
  /** One phrase for the settings' heading: where the defaults came from, or why none were read. */
  said: string
}

/** owner/name of the origin remote, when it names one. */
async function originRepository(root: string): Promise<string | undefined> {
  const remote = await git(root, ['config', '--get', 'remote.origin.url']).catch(() => '')
  return /[:/]([^/:]+\/[^/]+?)(?:\.git)?$/.exec(remote)?.[1]
}

/** The organisation's defaults beneath the repository at `root`, or the reason there are none. */
export async function readLocalOrganisation(
  root: string,
  flags: Flags,
  env: Readonly<Record<string, string | undefined>>,
  logger: Logger
): Promise<LocalOrganisation> {
  const { values } = resolveLocal(flags, env)
  const origin = await originRepository(root)
  const name = values['org-config'] ?? (origin ? `${origin.split('/')[0]}/.github` : undefined)
  if (name === undefined)
    return { said: 'no organisation defaults: no origin remote names the owner; set REDLINE_ORG_CONFIG' }
  if (origin !== undefined && name.toLowerCase() === origin.toLowerCase())
    return { said: `no organisation defaults: this is ${name} itself` }
  const token = values['org-token']
  if (token === '') {
    const said = `organisation defaults (${name}) not read: set GITHUB_TOKEN to a token that can read it`
    logger.info(`The ${said.replace(/^organisation/, "organisation's")}.`)
    return { said }
  }
  const apiUrl = env['GITHUB_API_URL']
  const octokit = createPlainOctokit(token, logger, apiUrl ? { apiUrl } : undefined)
  const [owner = '', repo = ''] = name.split('/')
  const read = await readDefaultBranchFiles(octokit, { owner, repo }, Object.values(ORGANISATION_FILES))
  const { organisation, notice, warnings } = organisationFromRead(name, read)
  if (notice) logger.info(notice)
  for (const warning of warnings) logger.warning(warning)
  if (!organisation) return { said: `no organisation defaults from ${name}` }
  return { organisation, said: `organisation defaults from ${name} at ${organisation.branch}` }
}
