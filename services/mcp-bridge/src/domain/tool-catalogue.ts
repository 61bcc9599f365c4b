// The agent tools the bridge offers. Read tools are always on; write tools only when
// configuration enables them. Each entry grows an input and output schema and a
// handler with the MCP issue; this list is what operators and tools/list see.
export interface ToolEntry {
  readonly name: string;
  readonly description: string;
  readonly write: boolean;
}

export const toolCatalogue: readonly ToolEntry[] = [
  { name: "list_tax_categories", description: "Lists the product tax categories Levy knows.", write: false },
];

export function enabledTools(writeToolsEnabled: boolean): ToolEntry[] {
  return toolCatalogue.filter((tool) => writeToolsEnabled || !tool.write);
}
