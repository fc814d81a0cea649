import { describe, expect, it } from '@jest/globals'
import { parseGitHeaderPaths, parseMarkerPath, unquotePath } from '../../src/diff/paths.js'

describe('unquotePath', () => {
  it('decodes octal UTF-8 bytes and C escapes', () => {
    expect(unquotePath('"a/\\303\\251.txt"')).toBe('a/é.txt')
    expect(unquotePath('"tab\\there \\"q\\" back\\\\slash"')).toBe('tab\there "q" back\\slash')
  })

  it('leaves unquoted text alone', () => {
    expect(unquotePath('plain name.txt')).toBe('plain name.txt')
  })
})

describe('parseGitHeaderPaths', () => {
  it('splits unquoted paths with spaces when both halves are the same path', () => {
    expect(parseGitHeaderPaths('a/x b/y.txt b/x b/y.txt')).toEqual({
      oldPath: 'x b/y.txt',
      newPath: 'x b/y.txt'
    })
  })

  it('reads quoted paths on either side', () => {
    expect(parseGitHeaderPaths('"a/q\\"1" "b/q\\"1"')).toEqual({ oldPath: 'q"1', newPath: 'q"1' })
    expect(parseGitHeaderPaths('a/old name "b/n\\303\\274.txt"')).toEqual({
      oldPath: 'old name',
      newPath: 'nü.txt'
    })
  })
})

describe('parseMarkerPath', () => {
  it('drops the tab git adds after a name with spaces, and reads /dev/null as no path', () => {
    expect(parseMarkerPath('a/my file.txt\t')).toBe('my file.txt')
    expect(parseMarkerPath('"b/\\303\\251 x.txt"\t')).toBe('é x.txt')
    expect(parseMarkerPath('/dev/null')).toBeUndefined()
  })
})
