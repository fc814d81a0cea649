/**
 * What a process the action starts may see of the action's environment: what a tool needs to find itself,
 * its configuration, a proxy and CA files, and nothing else. Every process of the same user can read
 * another's `/proc/<pid>/environ`, so a helper (git, tar, chown) that inherited the action's environment would
 * show the key, the token, `INPUT_*` and `ACTIONS_*` to anything running beside it.
 */

const MINIMAL_ENV = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'LANG',
  'TZ',
  'TMPDIR',
  'XDG_CONFIG_HOME',
  'GIT_CONFIG_NOSYSTEM',
  'GIT_CONFIG_GLOBAL',
  'GIT_CONFIG_SYSTEM',
  'GIT_EXEC_PATH',
  'GIT_SSL_CAINFO',
  'GIT_SSL_CAPATH',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'all_proxy',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'ALL_PROXY'
]

/** The variables of `env` a helper process is given. */
export function minimalEnvironment(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const name of MINIMAL_ENV) {
    const value = env[name]
    if (value !== undefined) kept[name] = value
  }
  return kept
}
