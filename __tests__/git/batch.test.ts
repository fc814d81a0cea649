import { describe, expect, it } from '@jest/globals'
import { BatchOutputParser, parseBatchHeader, parseTree } from '../../src/git/batch.js'

const OID_A = 'a'.repeat(40)
const OID_B = 'b'.repeat(40)

describe('BatchOutputParser', () => {
  const output = Buffer.concat([
    Buffer.from(`${OID_A} blob 6\nline\0\n\n`),
    Buffer.from('deadbeef missing\n'),
    Buffer.from(`${OID_B} blob 0\n\n`),
    Buffer.from(`${OID_A} blob 4\n\u00fc\u00fc\n`)
  ])
  const expected = [
    { oid: OID_A, type: 'blob', content: Buffer.from('line\0\n') },
    undefined,
    { oid: OID_B, type: 'blob', content: Buffer.alloc(0) },
    { oid: OID_A, type: 'blob', content: Buffer.from('\u00fc\u00fc') }
  ]

  it('gives each answer in order however the output is cut', () => {
    for (let size = 1; size <= output.length; size++) {
      const parser = new BatchOutputParser()
      const answers = []
      for (let at = 0; at < output.length; at += size)
        answers.push(...parser.push(output.subarray(at, at + size)))
      expect(answers).toEqual(expected)
    }
  })

  it('tells found objects from missing and ambiguous ones', () => {
    expect(parseBatchHeader(`${OID_A} tree 120`)).toEqual({ oid: OID_A, type: 'tree', size: 120 })
    expect(parseBatchHeader('HEAD:nope missing')).toBeUndefined()
    expect(parseBatchHeader('abc ambiguous')).toBeUndefined()
  })
})

describe('parseTree', () => {
  it('reads modes, raw names and binary ids', () => {
    const entry = (mode: string, name: string, oid: string): Buffer =>
      Buffer.concat([Buffer.from(`${mode} `), Buffer.from(name), Buffer.from([0]), Buffer.from(oid, 'hex')])
    const tree = Buffer.concat([
      entry('100644', 'REVIEW.md', OID_A),
      entry('100755', 'run.sh', OID_B),
      entry('40000', 'src', OID_A),
      entry('120000', 'link', OID_B),
      entry('160000', 'vendor', OID_A),
      entry('100644', 'na\u00efve', OID_B)
    ])
    expect(parseTree(tree, 20)).toEqual([
      { name: 'REVIEW.md', kind: 'blob', oid: OID_A },
      { name: 'run.sh', kind: 'blob', oid: OID_B },
      { name: 'src', kind: 'tree', oid: OID_A },
      { name: 'link', kind: 'symlink', oid: OID_B },
      { name: 'vendor', kind: 'submodule', oid: OID_A },
      { name: Buffer.from('na\u00efve').toString('latin1'), kind: 'blob', oid: OID_B }
    ])
    // Only the names asked for, however long the others are; a name compares as its UTF-8 bytes.
    const naive = Buffer.from('na\u00efve').toString('latin1')
    expect(parseTree(tree, 20, new Set(['run.sh', 'src', naive, 'missing', 'na\u00efve']))).toEqual([
      { name: 'run.sh', kind: 'blob', oid: OID_B },
      { name: 'src', kind: 'tree', oid: OID_A },
      { name: naive, kind: 'blob', oid: OID_B }
    ])
    expect(parseTree(tree, 20, new Set())).toEqual([])
  })
})
