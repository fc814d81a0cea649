/** A small repository where divide() changes and its callers do not: the references tests share it. */

export const CALC_BASE = [
  'export function divide(a: number, b: number): number {',
  '  return a / b',
  '}',
  '',
  'export const PRECISION = 2',
  '',
  'export function legacyRound(x: number): number {',
  '  return Math.round(x)',
  '}',
  ''
].join('\n')

export const CALC_HEAD = [
  'export function divide(a: number, b: number): number | null {',
  '  if (b === 0) return null',
  '  return a / b',
  '}',
  '',
  'export const PRECISION = 2',
  ''
].join('\n')

export const REPORT = [
  "import { divide } from './calc.js'",
  '',
  'export function ratio(done: number, total: number): string {',
  '  const share = divide(done, total)',
  '  return share.toFixed(2)',
  '}',
  '',
  'export class Report {',
  '  render(rows: number[]): string {',
  '    return String(divide(rows.length, 3))',
  '  }',
  '}',
  ''
].join('\n')

export const SPEC = {
  base: {
    'src/calc.ts': CALC_BASE,
    'src/report.ts': REPORT,
    'src/legacy.ts': "import { legacyRound } from './calc.js'\nexport const r = legacyRound(1.5)\n"
  },
  commits: [{ files: { 'src/calc.ts': CALC_HEAD }, message: 'divide returns null for zero' }]
}
