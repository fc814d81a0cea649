import type { ToolRegistry } from './tools/registry.js'

/**
 * The texts a run is instructed with: its system prompt, each tool's description and each field's. A reply
 * posted from the run must not repeat them (see checkReply), so the door hands them out with the run.
 */
export function instructionTexts(system: string, tools: ToolRegistry): string[] {
  return [
    system,
    ...tools.definitions().flatMap(tool => [tool.description ?? '', ...fieldDescriptions(tool.input_schema)])
  ].filter(text => text.trim() !== '')
}

function fieldDescriptions(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, { description?: unknown }> }).properties ?? {}
  return Object.values(properties).flatMap(field =>
    typeof field.description === 'string' ? [field.description] : []
  )
}
