import { describe, expect, it } from '@jest/globals'
import { separateCallSignatures } from '../../src/graph/repair.js'

describe('separateCallSignatures', () => {
  it('ends the member before a generic call signature, keeping every line and column', () => {
    const text = [
      'interface Take<S> {',
      '  (a: S): Out<',
      '    S',
      '  >',
      '',
      '  <P>(b: P): Out<P>',
      '}'
    ].join('\n')
    const repaired = separateCallSignatures(text)
    expect(repaired.split('\n')).toEqual([
      'interface Take<S> {',
      '  (a: S): Out<',
      '    S',
      '  >;',
      '',
      '  <P>(b: P): Out<P>',
      '}'
    ])
  })

  it('leaves alone what opens no signature: a shift, a closing tag, a line after an open bracket', () => {
    const text = ['const a = b', '  << 2', 'const c = (', '  <T,>(x: T) => x', ')', '</div>'].join('\n')
    expect(separateCallSignatures(text)).toBe(text)
  })
})
