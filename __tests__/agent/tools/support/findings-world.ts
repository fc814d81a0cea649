import { findingTools } from '../../../../src/agent/tools/finding-tools.js'
import { ToolRegistry } from '../../../../src/agent/tools/registry.js'
import { DiffLineSet } from '../../../../src/diff/line-set.js'
import { parseUnifiedDiff } from '../../../../src/diff/parse.js'
import { FindingsStore } from '../../../../src/findings/store.js'

const DIFF = `diff --git a/src/a.ts b/src/a.ts
index 1111111..2222222 100644
--- a/src/a.ts
+++ b/src/a.ts
@@ -1,3 +1,4 @@
 export function f(a) {
-  return a
+  const b = a * 2
+  return b
 }
`

const HEAD: Record<string, string[]> = {
  'src/a.ts': ['export function f(a) {', '  const b = a * 2', '  return b', '}'],
  'src/old.ts': ['export const old = 1', ...Array.from({ length: 20 }, (_, i) => `line ${i + 2}`)]
}

/** The four findings tools over a store of one small diff, with ids f_1, f_2, … in order. */
export function findingsWorld(): { store: FindingsStore; tools: ToolRegistry } {
  let next = 0
  const store = new FindingsStore({
    existing: [],
    lines: DiffLineSet.fromFiles(parseUnifiedDiff(DIFF)),
    headSha: 'a'.repeat(40),
    readHeadLines: async path => HEAD[path],
    newId: () => `f_${++next}`
  })
  return { store, tools: new ToolRegistry(findingTools(store)) }
}

export const DOUBLES = {
  file: 'src/a.ts',
  start_line: 2,
  quote: 'const b = a * 2',
  title: 'Doubles the value',
  description: 'f now returns twice its input; callers expect the input back.',
  category: 'correctness',
  severity: 'medium'
}
