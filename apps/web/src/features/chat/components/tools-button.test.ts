// How the Tools popover names a tool: a built-in by its name, an MCP tool by the name its server
// gives it (the id's last part), not the `<server>__<tool>` name models see.
import { describe, expect, it } from "vitest";
import { toolLabel } from "./tools-popover";

describe("toolLabel", () => {
  it("names a built-in tool by its name", () => {
    const clock = { id: "builtin:current_time", name: "current_time", description: "" };
    expect(toolLabel({ ...clock, source: "builtin", requireApproval: false })).toBe("current_time");
  });

  it("names an MCP tool as its server does, colons and all", () => {
    const base = { description: "", source: "mcp", server: "Files", requireApproval: true } as const;
    expect(toolLabel({ ...base, id: "mcp:3f1c:echo", name: "Files__echo" })).toBe("echo");
    expect(toolLabel({ ...base, id: "mcp:3f1c:fs:read", name: "Files__fs_read" })).toBe("fs:read");
  });
});
