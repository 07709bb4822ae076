// How a tool is named to people, in the composer's Tools popover and the assistant editor.
import type { ToolSummary } from "@tessera/contracts";
import { useCatalogueTexts } from "@/lib/catalogue-texts";

/**
 * An MCP tool's name as its server gives it (the id's last part): `name` is the one models see,
 * `<server>__<tool>`, which beside the server's name would say the server twice.
 */
export const toolLabel = (tool: ToolSummary): string =>
  tool.source === "mcp" ? tool.id.split(":").slice(2).join(":") || tool.name : tool.name;

/**
 * A built-in tool by its name for people, with the name models call it by (the one the chat's tool
 * steps show) beneath; an MCP tool by its server and the name that server gives it.
 */
export function ToolName({ tool }: { tool: ToolSummary }) {
  const texts = useCatalogueTexts();
  const shown = texts.toolDisplayName(tool);
  return shown ? (
    <>
      <span className="font-medium">{shown}</span>
      <span className="font-mono text-xs break-all text-muted-foreground">{tool.name}</span>
    </>
  ) : (
    <span className="font-mono text-xs break-all">
      {tool.server ? `${tool.server} · ` : ""}
      {toolLabel(tool)}
    </span>
  );
}
