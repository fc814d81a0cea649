/**
 * The command line under the repository's configuration: `.github/redline.yml` (or `.redline.yml`) read at
 * the merge base, as the action reads it, and the settings resolved from the flags, the environment, that
 * file and the defaults by the same function as the action's.
 */
import {
  type OrganisationConfig,
  readRepositoryConfig,
  resolveSettings,
  type RepositoryConfig,
  type ResolvedSettings,
  type SettingSource
} from '../engine/index.js'
import { ConfigurationError } from '../errors.js'
import { createGit } from '../git/git.js'
import type { Logger } from '../logger.js'
import { cliRejection, type Flags } from './args.js'

/** The configuration at `commit` of the repository at `root`: the file (when there is one) and the path rules. */
export function readLocalConfig(root: string, commit: string, logger: Logger): Promise<RepositoryConfig> {
  return readRepositoryConfig(createGit(root, logger, 'user'), commit, logger)
}

/**
 * Every setting, from the flags, then the environment, then the file over the organisation's, then the
 * default.
 */
export function resolveLocal(
  flags: Flags,
  env: Readonly<Record<string, string | undefined>>,
  config?: RepositoryConfig,
  organisation?: OrganisationConfig
): ResolvedSettings {
  return resolveSettings({
    door: 'cli',
    given: name => flags[name],
    env,
    rejection: cliRejection,
    ...(config ? { file: config.values } : {}),
    ...(organisation ? { organisation: organisation.values } : {})
  })
}

/** The key the anthropic provider cannot review without. */
export function requireApiKey(resolved: ResolvedSettings): void {
  const { values } = resolved
  if (values['anthropic-api-key'] === '' && values.provider === 'anthropic') {
    throw new ConfigurationError(
      'ANTHROPIC_API_KEY is not set. Export an Anthropic API key to review with Claude.'
    )
  }
}

/** Says, on stderr, each setting the file gave this run. */
export function logFileSettings(
  sources: readonly SettingSource[],
  config: RepositoryConfig,
  logger: Logger
): void {
  for (const source of sources) {
    if (source.from === 'file') logger.info(`${source.name}: ${source.value} (${config.path})`)
    if (source.from === 'organisation') logger.info(`${source.name}: ${source.value} (organisation)`)
  }
}
