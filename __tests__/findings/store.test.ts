import { describe, expect, it } from '@jest/globals'
import { DiffLineSet } from '../../src/diff/line-set.js'
import { parseUnifiedDiff } from '../../src/diff/parse.js'
import type { Finding } from '../../src/findings/finding.js'
import { fingerprintOf } from '../../src/findings/fingerprint.js'
import { FindingsStore, type NewFinding } from '../../src/findings/store.js'
import { selectFindings } from '../../src/publish/select.js'
import { overridden, type Overrides } from '../support/overrides.js'

const HEAD_SHA = 'a'.repeat(40)

const HEAD: Record<string, string[]> = {
  'src/a.ts': [
    "import x from 'y'",
    '',
    'export function f(a) {',
    '  const b = a * 2',
    '  return b',
    '}',
    ...Array.from({ length: 14 }, (_, i) => `line${i + 7}`)
  ],
  'src/b.ts': ['export function g() {', "  return 'unique text'", '}'],
  'src/untouched.ts': ['export const untouched = true']
}

const DIFF = `diff --git a/src/a.ts b/src/a.ts
index 1111111..2222222 100644
--- a/src/a.ts
+++ b/src/a.ts
@@ -1,5 +1,6 @@
 import x from 'y'
 
 export function f(a) {
-  return a
+  const b = a * 2
+  return b
 }
@@ -14,3 +15,3 @@
 line15
-line16old
+line16
 line17
diff --git a/src/b.ts b/src/b.ts
new file mode 100644
index 0000000..3333333
--- /dev/null
+++ b/src/b.ts
@@ -0,0 +1,3 @@
+export function g() {
+  return 'unique text'
+}
`

const lines = DiffLineSet.fromFiles(parseUnifiedDiff(DIFF))

function store(existing: Finding[] = []): FindingsStore {
  return new FindingsStore({
    existing,
    lines,
    headSha: HEAD_SHA,
    readHeadLines: async path => HEAD[path]
  })
}

function finding(extra: Overrides<NewFinding> = {}): NewFinding {
  return overridden(
    {
      severity: 'medium',
      category: 'correctness',
      file: 'src/a.ts',
      title: 'Doubles the value',
      description: 'f now returns twice its input.',
      startLine: 4,
      quote: 'const b = a * 2'
    },
    extra
  )
}

async function added(s: FindingsStore, input: NewFinding): Promise<Finding> {
  const result = await s.add(input)
  if (!result.ok) throw new Error(result.error)
  return result.finding
}

async function refused(s: FindingsStore, input: NewFinding): Promise<string> {
  const result = await s.add(input)
  if (result.ok) throw new Error(`expected a refusal, got ${result.finding.id}`)
  return result.error
}

describe('FindingsStore.add', () => {
  it('records a finding on diff lines with an id, its shas and a fingerprint', async () => {
    const s = store()
    const f = await added(s, finding({ endLine: 5, quote: '  const b = a * 2\n  return b\n' }))
    expect(f).toMatchObject({ file: 'src/a.ts', startLine: 4, endLine: 5, side: 'RIGHT', status: 'open' })
    expect(f.id).toMatch(/^f_[0-9a-z]{6}$/)
    expect(f).toMatchObject({
      firstSeenSha: HEAD_SHA,
      lastConfirmedSha: HEAD_SHA,
      fingerprint: fingerprintOf(f)
    })
    expect(f.outsideDiff).toBeUndefined()
    expect(s.touched()).toEqual([f.id])
    expect(s.list('open')).toEqual([f])
  })

  it('compares quotes without regard to indentation and inner spacing', async () => {
    await added(store(), finding({ quote: 'const   b = a * 2 ' }))
  })

  it('accepts a medium finding outside the diff, and refuses removed lines outside it naming the nearest', async () => {
    const s = store()
    expect(await added(s, finding({ startLine: 10, quote: 'line10' }))).toMatchObject({
      severity: 'medium',
      outsideDiff: true
    })
    const selection = selectFindings(s.all(), lines, { minSeverity: 'low', maxComments: 10 })
    expect(selection.inline).toHaveLength(0)
    expect(selection.listed).toEqual([expect.objectContaining({ reason: 'outside-diff' })])
    const error = await refused(s, finding({ startLine: 10, side: 'LEFT', quote: 'line10' }))
    expect(error).toContain('src/a.ts line 10 (LEFT) is not part of the diff')
    const listed = /nearest LEFT lines in the diff are ([^.]+)\./.exec(error)?.[1] ?? ''
    const numbers = listed.split(', ').flatMap(part => {
      const [from, to] = part.split('-').map(Number) as [number, number?]
      return Array.from({ length: (to ?? from) - from + 1 }, (_, i) => from + i)
    })
    expect(numbers.length).toBeGreaterThan(0)
    expect(numbers.every(n => lines.canComment('src/a.ts', 'LEFT', n))).toBe(true)
  })

  it('accepts a finding of any severity on unchanged lines of the head as outside the diff, without a suggestion', async () => {
    const s = store()
    const f = await added(
      s,
      finding({ severity: 'low', startLine: 10, endLine: 11, quote: 'line10\nline11' })
    )
    expect(f).toMatchObject({ outsideDiff: true, startLine: 10, endLine: 11 })
    const error = await refused(
      s,
      finding({ severity: 'critical', startLine: 12, quote: 'line12', suggestion: 'x' })
    )
    expect(error).toMatch(/suggestion can only replace lines in the diff/)
    expect(await refused(s, finding({ severity: 'high', startLine: 90, quote: 'x' }))).toMatch(/has 20 lines/)
  })

  it('refuses a range only partly in the diff', async () => {
    const error = await refused(store(), finding({ startLine: 5, endLine: 15, quote: 'return b' }))
    expect(error).toMatch(/Only some of lines 5-15 .* are in the diff: 5-6, 15/)
  })

  it('accepts a quote of the lines as the model was shown them: secrets redacted, invisible characters marked', async () => {
    const key = 'AKIAIOSFODNN7EXAMPLE'
    const head = [`const key = '${key}'`, 'if (isAdmin\u202E) {', '}']
    const diff = `diff --git a/src/c.ts b/src/c.ts
new file mode 100644
--- /dev/null
+++ b/src/c.ts
@@ -0,0 +1,3 @@
${head.map(text => `+${text}`).join('\n')}
`
    const s = new FindingsStore({
      existing: [],
      lines: DiffLineSet.fromFiles(parseUnifiedDiff(diff)),
      headSha: HEAD_SHA,
      readHeadLines: async path => (path === 'src/c.ts' ? head : undefined)
    })
    const c = (extra: Overrides<NewFinding>): NewFinding =>
      finding({ file: 'src/c.ts', severity: 'high', category: 'security', startLine: 1, ...extra })
    await added(s, c({ quote: "const key = '[REDACTED AWS access key]'" }))
    await added(s, c({ startLine: 2, title: 'Hidden bidi override', quote: 'if (isAdmin<U+202E>) {' }))
    await added(s, c({ startLine: 2, title: 'Right-to-left mark in a condition', quote: 'isAdmin\u202E)' }))
    expect(await refused(s, c({ startLine: 2, category: 'other', quote: 'if (isAdmin) {' }))).toMatch(
      /does not appear/
    )
  })

  it('says where a wrong quote actually is', async () => {
    const elsewhere = await refused(store(), finding({ quote: "return 'unique text'" }))
    expect(elsewhere).toContain('The quote does not appear in src/a.ts 4 (RIGHT)')
    expect(elsewhere).toContain('It appears at src/b.ts:2')
    const sameFile = await refused(store(), finding({ quote: 'line17' }))
    expect(sameFile).toContain('It appears at src/a.ts:17')
    const nowhere = await refused(store(), finding({ quote: 'not in the code' }))
    expect(nowhere).toContain('appears nowhere')
    expect(await refused(store(), finding({ quote: undefined }))).toMatch(/needs a quote/)
  })

  it('takes removed lines on the LEFT, but no suggestion there', async () => {
    const s = store()
    const f = await added(s, finding({ startLine: 4, side: 'LEFT', quote: 'return a', category: 'api' }))
    expect(f).toMatchObject({ side: 'LEFT', startLine: 4 })
    const error = await refused(
      s,
      finding({ startLine: 15, side: 'LEFT', quote: 'line16old', suggestion: 'x' })
    )
    expect(error).toMatch(/needs side RIGHT/)
  })

  it('accepts a suggestion only when it changes the cited lines', async () => {
    const s = store()
    expect(await refused(s, finding({ suggestion: '  const b = a * 2\n' }))).toMatch(/identical/)
    const f = await added(s, finding({ suggestion: '  const b = a\n' }))
    expect(f.suggestion).toBe('  const b = a')
  })

  it('refuses a suggestion that copies a display marker into the code', async () => {
    const s = store()
    expect(await refused(s, finding({ suggestion: '  const b = [REDACTED GitHub token]\n' }))).toMatch(
      /display marker/
    )
    expect(await refused(s, finding({ suggestion: '  const b = a<U+200D>\n' }))).toMatch(/display marker/)
  })

  it('keeps file-level findings free of lines, outside the diff at any severity when the file exists', async () => {
    const s = store()
    expect(await refused(s, finding({ startLine: undefined }))).toMatch(/takes no quote/)
    const fileLevel = await added(s, finding({ startLine: undefined, quote: undefined, file: 'src/b.ts' }))
    expect(fileLevel.startLine).toBeUndefined()
    expect(fileLevel.side).toBeUndefined()
    const outside = { startLine: undefined, quote: undefined, file: 'src/untouched.ts' }
    expect(await added(s, finding({ ...outside, severity: 'low' }))).toMatchObject({ outsideDiff: true })
    expect(await refused(s, finding({ ...outside, file: 'src/missing.ts' }))).toMatch(
      /not among the files this pull request changes/
    )
  })

  it('refuses a duplicate by place and title, whatever its category, and names it', async () => {
    const s = store()
    const first = await added(s, finding({ endLine: 5, quote: 'return b' }))
    const error = await refused(
      s,
      finding({ category: 'data', title: 'Doubles the value!', startLine: 5, quote: 'return b' })
    )
    expect(error).toContain(`${first.id} is already an open finding at src/a.ts:4-5`)
    expect(error).toContain(`update_finding with id ${first.id}`)
    expect(selectFindings(s.all(), lines, { minSeverity: 'low', maxComments: 10 }).inline).toHaveLength(1)
    expect(await refused(s, finding({ title: 'It doubles the value of a' }))).toContain(first.id)
    // A different problem on the same lines is its own finding.
    await added(s, finding({ title: 'Overflows for large inputs' }))
    // Whole-file findings of one category are duplicates only when they say the same.
    const whole = { startLine: undefined, quote: undefined, file: 'src/b.ts' }
    await added(s, finding({ ...whole, title: 'Module has no tests' }))
    await added(s, finding({ ...whole, title: 'Exports an unused function' }))
    expect(await refused(s, finding({ ...whole, category: 'tests', title: 'Module has no tests' }))).toMatch(
      /already an open finding at src\/b\.ts /
    )
  })

  it('refuses to raise a closed finding again and says how to reopen it', async () => {
    const s = store()
    const first = await added(s, finding({ endLine: 5, quote: 'return b' }))
    await s.update(first.id, { status: 'dismissed', note: 'intended' })
    const error = await refused(s, finding({ category: 'security', startLine: 5, quote: 'return b' }))
    expect(error).toContain(`same issue as ${first.id} at src/a.ts:4-5`)
    // Another problem on the dismissed finding's lines is new.
    await added(s, finding({ startLine: 5, quote: 'return b', title: 'Returns undefined for strings' }))
    expect(error).toContain('was dismissed (intended)')
    expect(error).toContain(`update_finding with id ${first.id}, status "open"`)
    expect(await s.update(first.id, { status: 'open' })).toMatchObject({ ok: false })
    expect(await s.update(first.id, { status: 'open', note: 'the guard was removed again' })).toMatchObject({
      ok: true,
      finding: { status: 'open' }
    })
  })
})

describe('refusals and forgiving quotes', () => {
  const SEVERITY_WORDS = /\b(informational|low|medium|high|critical)\b/i

  it('tells the model what to change in each refusal, and never names a severity', async () => {
    const s = store()
    const outsideLines = await refused(s, finding({ startLine: 10, side: 'LEFT', quote: 'line10' }))
    const outsideFile = await refused(
      s,
      finding({ startLine: undefined, quote: undefined, file: 'src/missing-file.ts' })
    )
    const missingFile = await refused(s, finding({ file: 'src/missing.ts' }))
    for (const error of [outsideLines, outsideFile, missingFile]) {
      expect(error).not.toMatch(SEVERITY_WORDS)
      expect(error).toContain(
        'Cite the changed line that causes the problem and name the affected code in the description.'
      )
    }
    expect(outsideLines).toMatch(/nearest LEFT lines in the diff are/)
    expect(outsideFile).toContain('Files in the diff: src/a.ts, src/b.ts.')

    // No severity opens a door: the same finding outside the diff is taken at low as at high.
    const high = await added(s, finding({ severity: 'high', startLine: 10, quote: 'line10' }))
    expect(await s.update(high.id, { severity: 'low' })).toMatchObject({
      ok: true,
      finding: { outsideDiff: true }
    })

    const others = [
      await refused(s, finding({ startLine: 5, endLine: 15, quote: 'return b' })),
      await refused(s, finding({ quote: 'nowhere at all' })),
      await refused(s, finding({ quote: undefined })),
      await refused(s, finding({ suggestion: '  const b = a * 2\n' })),
      await refused(s, finding({ endLine: 3, startLine: 4 }))
    ]
    for (const error of others) expect(error).not.toMatch(SEVERITY_WORDS)
  })

  it.each([
    ['the diff display prefix', '  4 +   const b = a * 2'],
    ['a unified-diff plus', '+  const b = a * 2'],
    ['read_file numbering', ' 4\t  const b = a * 2'],
    ['a gap written as …', 'const b = … * 2'],
    ['a gap written as ...', 'const ... a * 2'],
    ['prefixed lines with a gap', '  4 +   const b = a * 2\n  5 +   ...\n  6     }'],
    ['surrounding whitespace', '\n\n   const b = a * 2   \n\n']
  ])('accepts a quote with %s', async (_label, quote) => {
    await added(store(), finding({ endLine: quote.includes('6') ? 6 : 4, quote }))
  })

  it('still refuses a quote whose parts are missing or out of order', async () => {
    expect(await refused(store(), finding({ quote: '* 2 … const b' }))).toMatch(/does not appear/)
    expect(await refused(store(), finding({ quote: '  4 + const c = a * 2' }))).toMatch(/does not appear/)
  })

  it('shows the text of the cited lines when a quote does not match', async () => {
    const error = await refused(store(), finding({ endLine: 5, quote: 'const b = a * 3' }))
    expect(error).toContain('The quote does not appear in src/a.ts 4-5 (RIGHT).')
    expect(error).toContain(
      'The cited lines read:\n<untrusted-data source="cited-lines:src/a.ts">\n4\t  const b = a * 2\n5\t  return b\n</untrusted-data>'
    )
  })

  it('takes a file named as the first message showed it, control characters escaped', async () => {
    const diff = `diff --git "a/src/two\\nlines.ts" "b/src/two\\nlines.ts"
new file mode 100644
--- /dev/null
+++ "b/src/two\\nlines.ts"
@@ -0,0 +1 @@
+export const x = 1
`
    const s = new FindingsStore({
      existing: [],
      lines: DiffLineSet.fromFiles(parseUnifiedDiff(diff)),
      headSha: HEAD_SHA,
      readHeadLines: async path => (path === 'src/two\nlines.ts' ? ['export const x = 1'] : undefined)
    })
    const f = await added(s, finding({ file: 'src/two\\nlines.ts', startLine: 1, quote: 'const x = 1' }))
    expect(f.file).toBe('src/two\nlines.ts')
  })

  it('refuses a suggestion longer than 12 lines or one that repeats a line just outside its range', async () => {
    const s = store()
    const long = Array.from({ length: 13 }, (_, i) => `  const v${i} = ${i}`).join('\n')
    expect(await refused(s, finding({ suggestion: long }))).toMatch(/13 lines; at most 12/)
    const above = await refused(s, finding({ suggestion: 'export function f(a) {\n  const b = a + a' }))
    expect(above).toMatch(/first line repeats line 3, just above the range.*start the range at line 3/s)
    const below = await refused(s, finding({ endLine: 5, suggestion: '  const b = a + a\n  return b\n}' }))
    expect(below).toMatch(/last line repeats line 6, just below the range.*end the range at line 6/s)
    const fine = await added(s, finding({ endLine: 6, suggestion: '  const b = a + a\n  return b\n}' }))
    expect(fine.suggestion).toBe('  const b = a + a\n  return b\n}')
  })
})

describe('FindingsStore.update', () => {
  const earlier: Finding = {
    id: 'f_old001',
    severity: 'high',
    category: 'security',
    file: 'src/a.ts',
    title: 'Old issue',
    description: 'From the last review.',
    startLine: 5,
    endLine: 5,
    side: 'RIGHT',
    quote: 'return b',
    status: 'open',
    firstSeenSha: 'b'.repeat(40),
    lastConfirmedSha: 'b'.repeat(40),
    fingerprint: 'abc'
  }

  it('starts from the findings of earlier reviews and records what this run touched', async () => {
    const s = store([earlier])
    expect(s.list()).toEqual([earlier])
    expect(s.touched()).toEqual([])
    const result = await s.update('f_old001', { severity: 'critical', suggestion: '  return a * 2' })
    expect(result).toMatchObject({
      ok: true,
      finding: {
        severity: 'critical',
        suggestion: '  return a * 2',
        lastConfirmedSha: HEAD_SHA,
        fingerprint: 'abc'
      }
    })
    expect(s.touched()).toEqual(['f_old001'])
    const resolved = await s.update('f_old001', { status: 'resolved' })
    expect(resolved).toMatchObject({
      ok: true,
      finding: { status: 'resolved', note: `resolved at ${HEAD_SHA.slice(0, 7)}` }
    })
    expect(s.list('open')).toEqual([])
  })

  it('refuses a suggestion for an earlier finding whose lines are no longer the ones it cited', async () => {
    const gone = { ...earlier, id: 'f_gone01', startLine: 10, endLine: 10, quote: 'removed code' }
    const moved = { ...earlier, id: 'f_moved1', startLine: 4, endLine: 4, quote: 'return a' }
    const s = store([gone, moved])
    const outOfDiff = await s.update('f_gone01', { suggestion: 'fixed()' })
    expect(outOfDiff).toMatchObject({ ok: false, error: expect.stringMatching(/f_gone01 .*not in the diff/) })
    const changed = await s.update('f_moved1', { suggestion: '  return a * 3' })
    expect(changed).toMatchObject({
      ok: false,
      error: expect.stringMatching(/f_moved1 .*no longer contain its quote/)
    })
    expect(s.get('f_gone01')?.suggestion).toBeUndefined()
    expect(s.get('f_moved1')?.suggestion).toBeUndefined()
    expect(await s.update('f_gone01', { status: 'resolved', note: 'the code is gone' })).toMatchObject({
      ok: true
    })
  })

  it('refuses what it cannot apply, with a reason', async () => {
    const s = store([earlier, { ...earlier, id: 'f_old002', side: 'LEFT', startLine: 4, endLine: 4 }])
    expect(await s.update('f_nope', { status: 'dismissed' })).toEqual({
      ok: false,
      error: "No finding has id 'f_nope'. Known ids: f_old001, f_old002."
    })
    expect(await s.update('f_old001', {})).toMatchObject({
      ok: false,
      error: expect.stringMatching(/Nothing to update/)
    })
    expect(await s.update('f_old001', { suggestion: '  return b' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/identical/)
    })
    expect(await s.update('f_old002', { suggestion: 'x' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/RIGHT side/)
    })
  })
})

describe('fingerprintOf', () => {
  it('ignores case, spacing and line numbers, but not the file or category', () => {
    const base = { file: 'src/a.ts', category: 'correctness', title: 'T', quote: 'return  b;' }
    expect(fingerprintOf(base)).toBe(fingerprintOf({ ...base, quote: ' RETURN b ', title: 'Other' }))
    expect(fingerprintOf(base)).not.toBe(fingerprintOf({ ...base, file: 'src/b.ts' }))
    expect(fingerprintOf(base)).not.toBe(fingerprintOf({ ...base, category: 'security' }))
    const { quote: _quote, ...unquoted } = base
    expect(fingerprintOf(unquoted)).not.toBe(fingerprintOf({ ...unquoted, title: 'U' }))
  })
})
