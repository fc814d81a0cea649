// @github/local-action imports the entry it is given and calls its run(). Redline's built entry,
// dist/index.js, runs the action when it is loaded, as the runner loads it; so this entry loads it, and the
// local run exercises the same bundle a workflow runs.
export async function run() {
  await import('../dist/index.js')
}
