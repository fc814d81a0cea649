/**
 * Whether a posted suggestion applies to the head: the replacement is written as a unified diff against
 * the head file and checked with `git apply --check`, as a user committing it would apply it.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import type { PostedComment, SuggestionCheck } from './model.js'

const CONTEXT = 3

/** The unified diff that replaces lines start..end of `lines` with `replacement` (pure). */
export function suggestionPatch(
  file: string,
  lines: readonly string[],
  start: number,
  end: number,
  replacement: string
): string {
  const from = Math.max(1, start - CONTEXT)
  const to = Math.min(lines.length, end + CONTEXT)
  const before = lines.slice(from - 1, start - 1)
  const old = lines.slice(start - 1, end)
  const after = lines.slice(end, to)
  const added = replacement === '' ? [] : replacement.replace(/\n$/, '').split('\n')
  const oldCount = before.length + old.length + after.length
  const newCount = before.length + added.length + after.length
  const body = [
    ...before.map(l => ` ${l}`),
    ...old.map(l => `-${l}`),
    ...added.map(l => `+${l}`),
    ...after.map(l => ` ${l}`)
  ]
  const newStart = newCount === 0 ? from - 1 : from
  return [
    `--- a/${file}`,
    `+++ b/${file}`,
    `@@ -${from},${oldCount} +${newStart},${newCount} @@`,
    ...body,
    ''
  ].join('\n')
}

export function checkSuggestion(comment: PostedComment, headText: string | undefined): SuggestionCheck {
  const fail = (reason: string): SuggestionCheck => ({ commentId: comment.id, applies: false, reason })
  if (comment.suggestion === undefined || comment.startLine === undefined) return fail('no suggestion')
  if (headText === undefined) return fail(`${comment.file} is not in the head`)
  const lines = headText.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  const start = comment.startLine
  const end = comment.endLine ?? start
  if (end > lines.length) return fail(`lines ${start}-${end} are past the end of ${comment.file}`)
  const old = lines.slice(start - 1, end).join('\n')
  if (old === comment.suggestion.replace(/\n$/, '')) return fail('the suggestion changes nothing')
  const dir = mkdtempSync(path.join(tmpdir(), 'redline-apply-'))
  try {
    const target = path.join(dir, comment.file)
    mkdirSync(path.dirname(target), { recursive: true })
    writeFileSync(target, headText)
    const patch = suggestionPatch(comment.file, lines, start, end, comment.suggestion)
    const result = spawnSync('git', ['apply', '--check', '-'], {
      cwd: dir,
      input: patch,
      env: {
        ...process.env,
        GIT_CEILING_DIRECTORIES: tmpdir(),
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        LC_ALL: 'C'
      }
    })
    if (result.status === 0) return { commentId: comment.id, applies: true }
    return fail(`git apply: ${result.stderr.toString('utf8').trim()}`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
