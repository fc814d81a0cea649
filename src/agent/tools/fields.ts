/** Schema parts that several tools share, so that they read the same to the model. */
import { z } from 'zod'
import { SEVERITIES } from '../../findings/severity.js'

export const lineNumber = z.number().int().min(1).max(10_000_000)

/** The most lines search_code and find_references show on each side of a match. */
export const MAX_SEARCH_CONTEXT = 5

export const severity = z.enum(SEVERITIES)
