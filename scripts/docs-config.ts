/**
 * Writes the key table of docs/configuration.md from the settings table (src/engine/settings-table.ts), between
 * its two markers. `__tests__/docs/config-table.test.ts` checks that the committed page holds what this writes,
 * so a setting added to the table without `npm run docs` fails the tests.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { format } from 'prettier'
import { acceptedText, defaultText, settingEntries } from '../src/engine/index.js'

export const CONFIG_PAGE = resolve(import.meta.dirname, '..', 'docs', 'configuration.md')
export const TABLE_START =
  '<!-- the key table: written by `npm run docs` from src/engine/settings-table.ts -->'
export const TABLE_END = '<!-- end of the key table -->'

/** A cell's text as Markdown shows it literally: no cell ended, no emphasis, no tag. */
const cell = (text: string): string =>
  text.replace(/[|*<]/g, char => (char === '<' ? '&lt;' : `\\${char}`)).replace(/\n/g, ' ')

/** The table of every key the file may set, in the settings table's order, as Prettier lays it out. */
export function renderConfigTable(): Promise<string> {
  const rows = settingEntries().flatMap(([, spec]) =>
    spec.file === undefined
      ? []
      : [
          `| \`${spec.file}\` | ${cell(spec.description)} | ${cell(acceptedText(spec.accepts))} | ` +
            `${cell(defaultText(spec))} |`
        ]
  )
  const table = ['| key | what it does | accepts | default |', '| --- | --- | --- | --- |', ...rows].join(
    '\n'
  )
  return format(table, { parser: 'markdown', printWidth: 110 })
}

/** The page with its table replaced by `table`; the page must hold both markers. */
export function withConfigTable(page: string, table: string): string {
  const start = page.indexOf(TABLE_START)
  const end = page.indexOf(TABLE_END)
  if (start === -1 || end < start) throw new Error(`${CONFIG_PAGE} lacks the key table's markers`)
  return `${page.slice(0, start + TABLE_START.length)}\n\n${table}\n${page.slice(end)}`
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  writeFileSync(CONFIG_PAGE, withConfigTable(readFileSync(CONFIG_PAGE, 'utf8'), await renderConfigTable()))
  console.log(`Wrote the key table of ${CONFIG_PAGE}`)
}
