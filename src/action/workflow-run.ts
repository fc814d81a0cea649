import { randomBytes } from 'node:crypto'
import { workflowRunAttempt, workflowRunId } from './event.js'

/**
 * This workflow run's job and attempt, which the marker carries (see markerRunId). Both of the Action's doors
 * (a push, a comment) name their run the same way.
 */
export function thisRun(): { id: string; attempt: number } {
  return {
    id: workflowRunId(process.env, () => randomBytes(6).toString('hex')),
    attempt: workflowRunAttempt(process.env)
  }
}
