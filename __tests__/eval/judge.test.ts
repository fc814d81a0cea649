import { describe, expect, it } from '@jest/globals'
import { excerpt, judgePrompt, majority } from '../../eval/judge.js'
import { comment, defect } from './records.js'

describe('the judge', () => {
  it('decides by majority, an unreadable sample voting for nothing', () => {
    expect(majority([[1], [1, 2], undefined])).toEqual([1])
    expect(majority([[2], undefined, undefined])).toEqual([])
    expect(majority([[1, 1], [1], [3]])).toEqual([1])
    expect(majority([[1]])).toEqual([1])
  })

  it('is shown the code around the defect and around the comment, numbered and marked', () => {
    const lines = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`)
    const code = (file: string) => (file === 'src/a.ts' ? lines : undefined)
    expect(excerpt(code, 'src/a.ts', 10, 10)).toBe(
      [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]
        .map(n => `${String(n).padStart(4)}${n === 10 ? '>' : ' '} line ${n}`)
        .join('\n')
    )
    expect(excerpt(code, 'missing.ts', 1, 1)).toBeUndefined()
    const prompt = judgePrompt(comment('c', { startLine: 30, endLine: 30 }), [defect('d')], code)
    expect(prompt).toContain('  10> line 10')
    expect(prompt).toContain('  30> line 30')
  })
})
