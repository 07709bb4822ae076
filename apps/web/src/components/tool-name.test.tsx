// How the Tools popover names a tool: a built-in by its name for people in the reader's language with
// the name models call it beneath, an MCP tool by the name its server gives it (the id's last part),
// not the `<server>__<tool>` name models see.
import type { ToolSummary } from "@tessera/contracts";
import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { changeLanguage, i18next } from "@/lib/i18n";
import { ToolName, toolLabel } from "./tool-name";

afterEach(() => changeLanguage("en"));

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

describe("ToolName", () => {
  it("shows a built-in tool's name in German with its identifier, and an MCP tool as its server names it", async () => {
    await changeLanguage("de");
    await i18next.loadNamespaces("catalogue");
    const clock: ToolSummary = {
      id: "builtin:current_time",
      name: "current_time",
      description: "",
      source: "builtin",
      requireApproval: false,
    };
    const echo: ToolSummary = {
      id: "mcp:3f1c:echo",
      name: "Files__echo",
      description: "",
      source: "mcp",
      server: "Files",
      requireApproval: true,
    };
    render(
      <Suspense fallback={null}>
        <p data-testid="clock">
          <ToolName tool={clock} />
        </p>
        <p data-testid="echo">
          <ToolName tool={echo} />
        </p>
      </Suspense>,
    );
    expect((await screen.findByTestId("clock")).textContent).toBe("Aktuelle Uhrzeitcurrent_time");
    expect(screen.getByText("current_time").className).toContain("font-mono");
    expect(screen.getByTestId("echo").textContent).toBe("Files · echo");
  });
});
