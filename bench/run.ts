/**
 * `npm run bench`: prints figures, asserts nothing. Ratios are measured within one run, so they compare like
 * with like on a noisy machine; absolute times are for orientation only.
 */
const which = process.argv[2] ?? 'all'
/** `npm run bench -- diff 'one file'` runs only the diff cases whose name contains the text. */
const only = process.argv[3]

if (which === 'all' || which === 'diff') {
  const { benchDiff } = await import('./diff-bench.js')
  await benchDiff(only)
}
if (which === 'all' || which === 'agent') {
  const { benchAgent } = await import('./agent-bench.js')
  await benchAgent()
}
if (which === 'all' || which === 'review') {
  const { benchReview } = await import('./review-bench.js')
  await benchReview()
}
if (which === 'all' || which === 'symbols') {
  const { benchGraphSymbols } = await import('./graph-symbols-bench.js')
  await benchGraphSymbols()
}
if (which === 'all' || which === 'startup') {
  const { benchStartup } = await import('./startup-bench.js')
  await benchStartup(which === 'startup' ? only : undefined)
}
if (which === 'all' || which === 'insights') {
  const { benchInsights, benchOrgInsights } = await import('./insights-bench.js')
  if (only !== 'org') await benchInsights()
  await benchOrgInsights()
}
if (which === 'graph') {
  // Not part of 'all': it needs the projects bench/graph/setup.ts brings in, and takes minutes.
  const { benchGraph } = await import('./graph/graph-bench.js')
  await benchGraph(only)
}
if (which === 'all' || which === 'commands') {
  const { benchCommands } = await import('./commands-bench.js')
  benchCommands()
}
if (which === 'all' || which === 'sandbox') {
  const { benchSandbox } = await import('./sandbox-bench.js')
  await benchSandbox()
}
