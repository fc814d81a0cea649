/** Jedi as the truth for Python, run by `jedi_truth.py` under REDLINE_BENCH_PYTHON (else `python3`). */
import { execFile } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Compiler, CompilerTruth, ProjectFacts } from './types.js'

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'jedi_truth.py')
const TIMEOUT_MS = 900_000

export function pythonCompiler(dir: string, files: readonly string[]): Compiler {
  const sources = files.filter(f => f.endsWith('.py'))
  return {
    facts: () => jedi<ProjectFacts>('facts', { root: dir, files: sources }),
    truth: (symbols, sites) =>
      jedi<CompilerTruth>('truth', {
        root: dir,
        symbols: symbols.map(({ file, line, column }) => ({ file, line, column })),
        sites: sites.map(({ file, line, column }) => ({ file, line, column }))
      })
  }
}

function jedi<T>(mode: string, request: unknown): Promise<T> {
  const python = process.env.REDLINE_BENCH_PYTHON ?? 'python3'
  return new Promise((resolve, reject) => {
    const child = execFile(
      python,
      [SCRIPT, mode],
      { timeout: TIMEOUT_MS, maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error)
          reject(
            new Error(
              `${python} ${path.basename(SCRIPT)} ${mode} failed: ${error.message.split('\n')[0]}` +
                (stderr.includes('No module named')
                  ? '; it needs jedi (apt-get install python3-jedi, or REDLINE_BENCH_PYTHON naming a Python with it)'
                  : '') +
                `\n${stderr}`
            )
          )
        else resolve(JSON.parse(stdout) as T)
      }
    )
    child.stdin?.end(JSON.stringify(request))
  })
}
