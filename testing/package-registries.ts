/**
 * Local stand-ins for the two registries the documented checks install from: an npm registry serving one
 * package (a `typescript` whose `tsc` prints what tsc prints) and a PyPI simple index serving one wheel (a
 * `mypy` whose console script prints what mypy prints). Each records the paths it was asked for.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const TSC_PRINTS =
  "src/app.ts(12,27): error TS2345: Argument of type 'string' is not assignable to parameter of type 'number'."
export const MYPY_PRINTS =
  'src/app.py:12:7: error: Argument 1 to "pad" has incompatible type "str"; expected "int"  [arg-type]'

export interface Registries {
  npmUrl: string
  pypiUrl: string
  requested: string[]
  /** package.json and package-lock.json of a repository that depends on the stand-in's typescript. */
  npmProject: Record<string, string>
  close(): Promise<void>
}

function npmTarball(dir: string): Buffer {
  const pkg = join(dir, 'package')
  mkdirSync(join(pkg, 'bin'), { recursive: true })
  writeFileSync(
    join(pkg, 'package.json'),
    JSON.stringify({ name: 'typescript', version: '5.9.0', bin: { tsc: 'bin/tsc' } })
  )
  writeFileSync(
    join(pkg, 'bin/tsc'),
    `#!/usr/bin/env node\nconsole.log(${JSON.stringify(TSC_PRINTS)})\nprocess.exit(2)\n`,
    { mode: 0o755 }
  )
  execFileSync('tar', ['-czf', join(dir, 'typescript.tgz'), '-C', dir, 'package'])
  return readFileSync(join(dir, 'typescript.tgz'))
}

const WHEEL = `
import base64, hashlib, sys, zipfile
files = {
  'mypy/__init__.py': 'import sys\\ndef main():\\n    print(%r)\\n    sys.exit(1)\\n' % sys.argv[2],
  'mypy-1.0.dist-info/METADATA': 'Metadata-Version: 2.1\\nName: mypy\\nVersion: 1.0\\n',
  'mypy-1.0.dist-info/WHEEL': 'Wheel-Version: 1.0\\nGenerator: test\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n',
  'mypy-1.0.dist-info/entry_points.txt': '[console_scripts]\\nmypy = mypy:main\\n',
}
record = ''
for name, text in files.items():
    digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b'=').decode()
    record += '%s,sha256=%s,%d\\n' % (name, digest, len(text.encode()))
files['mypy-1.0.dist-info/RECORD'] = record + 'mypy-1.0.dist-info/RECORD,,\\n'
with zipfile.ZipFile(sys.argv[1], 'w') as wheel:
    for name, text in files.items():
        wheel.writestr(name, text)
`

function mypyWheel(dir: string): Buffer {
  const path = join(dir, 'mypy-1.0-py3-none-any.whl')
  execFileSync('/usr/bin/python3', ['-c', WHEEL, path, MYPY_PRINTS])
  return readFileSync(path)
}

function listen(server: Server): Promise<string> {
  return new Promise(resolve =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)
    )
  )
}

export async function startRegistries(): Promise<Registries> {
  const dir = mkdtempSync(join(tmpdir(), 'redline-registries-'))
  const tarball = npmTarball(dir)
  const wheel = mypyWheel(dir)
  const integrity = `sha512-${createHash('sha512').update(tarball).digest('base64')}`
  const wheelSha = createHash('sha256').update(wheel).digest('hex')
  const requested: string[] = []
  let npmUrl = ''
  const server = createServer((request, response) => {
    const path = request.url ?? ''
    requested.push(path)
    const send = (type: string, body: string | Buffer): void => {
      response.writeHead(200, { 'content-type': type })
      response.end(body)
    }
    if (path === '/typescript')
      return send(
        'application/json',
        JSON.stringify({
          name: 'typescript',
          'dist-tags': { latest: '5.9.0' },
          versions: {
            '5.9.0': {
              name: 'typescript',
              version: '5.9.0',
              bin: { tsc: 'bin/tsc' },
              dist: { tarball: `${npmUrl}/typescript/-/typescript-5.9.0.tgz`, integrity }
            }
          }
        })
      )
    if (path === '/typescript/-/typescript-5.9.0.tgz') return send('application/octet-stream', tarball)
    if (path === '/simple/mypy/')
      return send(
        'text/html',
        `<html><body><a href="/files/mypy-1.0-py3-none-any.whl#sha256=${wheelSha}">mypy-1.0-py3-none-any.whl</a></body></html>`
      )
    if (path === '/files/mypy-1.0-py3-none-any.whl') return send('application/octet-stream', wheel)
    response.writeHead(404).end()
  })
  npmUrl = await listen(server)
  const npmProject = {
    'package.json': JSON.stringify({
      name: 'app',
      version: '1.0.0',
      devDependencies: { typescript: '5.9.0' }
    }),
    'package-lock.json': JSON.stringify({
      name: 'app',
      version: '1.0.0',
      lockfileVersion: 3,
      requires: true,
      packages: {
        '': { name: 'app', version: '1.0.0', devDependencies: { typescript: '5.9.0' } },
        'node_modules/typescript': {
          version: '5.9.0',
          resolved: `${npmUrl}/typescript/-/typescript-5.9.0.tgz`,
          integrity,
          dev: true,
          bin: { tsc: 'bin/tsc' }
        }
      }
    })
  }
  return {
    npmUrl,
    pypiUrl: `${npmUrl}/simple`,
    requested,
    npmProject,
    close: () =>
      new Promise(resolve =>
        server.close(() => {
          rmSync(dir, { recursive: true, force: true })
          resolve()
        })
      )
  }
}
