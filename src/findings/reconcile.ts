import type { LineMap } from '../diff/line-map.js'
import type { DiffFile } from '../diff/model.js'
import { isLineFinding, type Finding } from './finding.js'

/** How an earlier finding's code fared in the changes since it was last confirmed. */
export type CarriedChange = 'unchanged' | 'changed' | 'removed' | 'unmapped'

export interface CarriedFindings {
  /** Earlier findings with their lines moved to where the code is at the head. */
  findings: Finding[]
  /** Open findings whose code changed, was removed, or could not be followed; the agent is shown why. */
  changes: Map<string, CarriedChange>
}

function touchedRightLines(files: readonly DiffFile[]): Map<string, Set<number>> {
  const touched = new Map<string, Set<number>>()
  for (const file of files) {
    const lines = new Set<number>()
    for (const hunk of file.hunks) {
      for (const line of hunk.lines)
        if (line.kind === 'add' && line.newLine !== undefined) lines.add(line.newLine)
    }
    touched.set(file.path, lines)
  }
  return touched
}

/**
 * Follows the findings of the last review to the head. Resolved and dismissed ones move with their code as
 * open ones do, so that a re-raise is told by where its code is now; one whose code is gone is marked so.
 * Without a line map (the earlier commit was force-pushed away) positions cannot be trusted, so every open
 * line finding is flagged for the agent to confirm.
 */
export function carryFindings(
  previous: readonly Finding[],
  lineMap: LineMap | undefined,
  changedFiles: readonly DiffFile[]
): CarriedFindings {
  const touched = touchedRightLines(changedFiles)
  const changes = new Map<string, CarriedChange>()
  const findings = previous.map(original => {
    const finding = { ...original }
    if (finding.status !== 'open') {
      if (lineMap && !finding.gone && !moveToHead(finding, lineMap)) finding.gone = true
      return finding
    }
    if (!lineMap) {
      if (isLineFinding(finding)) changes.set(finding.id, 'unmapped')
      return finding
    }
    if (!moveToHead(finding, lineMap)) {
      changes.set(finding.id, 'removed')
      return finding
    }
    const lines = touched.get(finding.file)
    if (isLineFinding(finding) && (finding.side ?? 'RIGHT') === 'RIGHT' && lines) {
      for (let line = finding.startLine; line <= finding.endLine; line++) {
        if (lines.has(line)) {
          changes.set(finding.id, 'changed')
          break
        }
      }
    }
    return finding
  })
  return { findings, changes }
}

/** Moves a finding to its code's place at the head; false, leaving it as it was, when that code is gone. */
function moveToHead(finding: Finding, lineMap: LineMap): boolean {
  if (!isLineFinding(finding)) {
    const path = lineMap.mapPath(finding.file)
    if (path === undefined) return false
    finding.file = path
    return true
  }
  const side = finding.side ?? 'RIGHT'
  const start = lineMap.mapLine(finding.file, side, finding.startLine)
  const end = lineMap.mapLine(finding.file, side, finding.endLine)
  if ('deleted' in start || 'deleted' in end) return false
  finding.file = start.path
  finding.startLine = start.line
  finding.endLine = end.line
  return true
}

/**
 * After the agent's run: an open finding whose code was removed, and which the agent left alone, is resolved
 * (the code it was about is gone); every finding still open is confirmed at the head.
 */
export function settleCarried(
  findings: readonly Finding[],
  changes: ReadonlyMap<string, CarriedChange>,
  touchedIds: ReadonlySet<string>,
  headSha: string
): Finding[] {
  return findings.map(original => {
    const finding = { ...original }
    if (finding.status !== 'open') return finding
    if (changes.get(finding.id) === 'removed' && !touchedIds.has(finding.id)) {
      finding.status = 'resolved'
      finding.note = `the code it was about was removed in ${headSha.slice(0, 7)}`
      return finding
    }
    finding.lastConfirmedSha = headSha
    return finding
  })
}
