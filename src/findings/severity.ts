export const SEVERITIES = ['informational', 'low', 'medium', 'high', 'critical'] as const
export type Severity = (typeof SEVERITIES)[number]

export function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity)
}

export function atLeast(severity: Severity, threshold: Severity): boolean {
  return severityRank(severity) >= severityRank(threshold)
}

/** Most severe first. */
export function compareSeverityDesc(a: Severity, b: Severity): number {
  return severityRank(b) - severityRank(a)
}
