/**
 * The embedded SQLite: sql.js, SQLite compiled to WebAssembly. It needs no native build on the runner and
 * runs the same on Node 20 and in the action's node24. Its single-file build carries the WebAssembly inline;
 * the bundle keeps that file beside itself (scripts/bundle.ts copies it) and loads it with Node's own
 * `import()`, because the file sets `module` aside in a way a bundler rewrites and breaks.
 */
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { SqlJsStatic } from 'sql.js'

/** The name the bundle gives sql.js's single-file build beside itself. */
export const BUNDLED_SQL_JS = 'sql-wasm-inline.cjs'

let loading: Promise<SqlJsStatic> | undefined

/** The SQLite engine, loaded once per process. */
export function loadSqlite(): Promise<SqlJsStatic> {
  loading ??= (async () => {
    const bundled = join(dirname(fileURLToPath(import.meta.url)), BUNDLED_SQL_JS)
    const specifier = existsSync(bundled) ? pathToFileURL(bundled).href : 'sql.js/dist/sql-wasm-inline.js'
    const module = (await import(/* webpackIgnore: true */ specifier)) as {
      default: (config?: object) => Promise<SqlJsStatic>
    }
    return module.default()
  })()
  return loading
}
