import { describe, expect, it } from '@jest/globals'
import { benchmarkView, renderBenchmarkView } from '../../eval/benchmark-view.js'
import { comment, defect, run } from './records.js'

describe('scores as the benchmark reports them', () => {
  it('pools precision, recall and F1 per repository and overall, by meaning, with the judge named', () => {
    const records = [
      run({
        fixture: 'sentry-1',
        project: 'sentry',
        defects: [defect('d1', { locations: [] }), defect('d2', { locations: [] })],
        comments: [comment('c1'), comment('c2', { file: 'elsewhere.py' })],
        verdicts: { c1: ['d1'], c2: [] }
      }),
      run({
        fixture: 'grafana-2',
        project: 'grafana',
        defects: [defect('d3')],
        comments: [comment('c3')],
        verdicts: {}
      })
    ]
    const view = benchmarkView(records, 'claude-opus-5-5')!
    expect(view.rows.map(r => [r.repository, r.prs, r.matched, r.comments, r.defects])).toEqual([
      ['grafana', 1, 0, 1, 1],
      ['sentry', 1, 1, 2, 2]
    ])
    expect(view.overall).toMatchObject({
      matched: 1,
      comments: 3,
      defects: 3,
      precision: 1 / 3,
      recall: 1 / 3
    })
    const text = renderBenchmarkView(view)
    expect(text).toContain('Judge: claude-opus-5-5.')
    expect(text).toContain('Cubic v2 61.8')
    expect(text).toMatch(/\| \*\*overall\*\* \| 2 \|/)
  })

  it('has nothing to say about the built-in fixtures', () => {
    expect(benchmarkView([run({})], 'x')).toBeUndefined()
  })
})
