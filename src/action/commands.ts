/**
 * The trigger-phrase input's default. The comment commands themselves are a front door of their own, in
 * `src/commands/`; the action's inputs only need to know what the phrase is when the workflow sets none.
 */
export const DEFAULT_TRIGGER_PHRASE = '@redline'
