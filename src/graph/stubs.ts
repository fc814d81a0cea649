/**
 * Python's type stubs: `m.pyi` beside `m.py` declares the module's names again, for type checkers. A name in
 * both is one definition, as every Python tool reads it; the implementation is the one an answer names.
 */
import type { Located } from './facts.js'

const implementationPath = (path: string): string | undefined =>
  path.endsWith('.pyi') ? path.slice(0, -1) : undefined

/** Whether `stub` is the declaration in a `.pyi` of the definition `implementation` in its `.py`. */
export function isStubOf(stub: Located, implementation: Located): boolean {
  return (
    implementationPath(stub.path) === implementation.path &&
    stub.definition.name === implementation.definition.name &&
    stub.definition.container === implementation.definition.container
  )
}

/** The definitions without those that are stubs of another among them. */
export function withoutStubs(definitions: readonly Located[]): Located[] {
  return definitions.filter(stub => !definitions.some(implementation => isStubOf(stub, implementation)))
}
