import { spawn } from 'node:child_process'
import { tmpdir } from 'node:os'
import * as path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../../..')

/** `npm run eval -- …` as a person runs it, with only PATH, HOME and `env` in its environment. */
export function runEvalCli(
  args: string[],
  env: Record<string, string>
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['eval/cli.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('error', reject)
    child.once('close', code => resolve({ code, stdout, stderr }))
  })
}
