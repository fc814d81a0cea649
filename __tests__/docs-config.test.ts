/** docs/configuration.md's key table is what `npm run docs` writes from the settings table. */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import {
  CONFIG_PAGE,
  renderConfigTable,
  TABLE_END,
  TABLE_START,
  withConfigTable
} from '../scripts/docs-config.js'

describe('the key table of docs/configuration.md', () => {
  it('is the one the settings table generates (after a change, `npm run docs` writes it again)', async () => {
    const page = readFileSync(CONFIG_PAGE, 'utf8')
    expect(page).toBe(withConfigTable(page, await renderConfigTable()))
  })

  it('replaces only what lies between its markers, and names the page when they are missing', () => {
    const page = `# C\n\nbefore\n\n${TABLE_START}\n\nold\n${TABLE_END}\n\nafter\n`
    expect(withConfigTable(page, '| new |\n')).toBe(
      `# C\n\nbefore\n\n${TABLE_START}\n\n| new |\n\n${TABLE_END}\n\nafter\n`
    )
    expect(() => withConfigTable('# C\n', '| new |\n')).toThrow(
      /configuration\.md lacks the key table's markers/
    )
  })

  it('shows text that Markdown would read as markup literally', async () => {
    const table = await renderConfigTable()
    expect(table).toContain('\\*[bot]')
    expect(table).toMatch(/^\| `skip-authors` /m)
  })
})
