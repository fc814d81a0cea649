/**
 * The one way Redline runs the head's code: bubblewrap, unprivileged, in namespaces of its own, holding only
 * what `recipe.ts` lists, under the limits of `run.ts`. Every child that runs head code goes through here.
 */
export { probeSandbox, type SandboxReadiness } from './probe.js'
export { readSandboxHost, runInSandbox, type SandboxHost, type SandboxOutcome } from './run.js'
export { handOver, makeCheckFolder, removeCheckFolder, type CheckFolder } from './folder.js'
export { expandHome, refusal, type Forbidden } from './host-view.js'
export { MAX_STREAM_BYTES } from './streams.js'
export type { Limits, SandboxRequest, SandboxRun } from './types.js'
