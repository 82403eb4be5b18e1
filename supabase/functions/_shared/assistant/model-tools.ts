// A tool as an OpenAI-compatible chat completion is offered it (`tools`): a
// function with a name, what it does, and its arguments as a JSON Schema
// object.

type Argument = { type: 'string'; description?: string; enum?: readonly string[] }

export type FunctionTool = {
  type: 'function'
  function: { name: string; description: string; parameters: { type: 'object'; properties: Record<string, Argument>; required?: readonly string[] } }
}

export function functionTool(name: string, description: string, properties: Record<string, Argument> = {}, required?: readonly string[]): FunctionTool {
  return { type: 'function', function: { name, description, parameters: { type: 'object', properties, ...(required ? { required } : {}) } } }
}
