import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

function Example() {
  const [tab, setTab] = useState("one");
  return (
    <Tabs value={tab} onValueChange={setTab}>
      <TabsList aria-label="Numbers">
        <TabsTrigger value="one">One</TabsTrigger>
        <TabsTrigger value="two">Two</TabsTrigger>
        <TabsTrigger value="three" disabled>
          Three
        </TabsTrigger>
      </TabsList>
      <TabsContent value="one">First panel</TabsContent>
      <TabsContent value="two">Second panel</TabsContent>
    </Tabs>
  );
}

describe("Tabs", () => {
  it("selects a tab on click and shows only its panel, labelled by it", async () => {
    const user = userEvent.setup();
    render(<Example />);
    expect(screen.getByRole("tab", { name: "One" }).getAttribute("aria-selected")).toBe("true");
    await user.click(screen.getByRole("tab", { name: "Two" }));
    expect(screen.getByRole("tab", { name: "Two" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tab", { name: "One" }).getAttribute("aria-selected")).toBe("false");
    expect(screen.getByRole("tabpanel", { name: "Two" }).textContent).toBe("Second panel");
    expect(screen.queryByText("First panel")).toBeNull();
  });

  it("moves with the arrow keys over enabled tabs, and Tab reaches only the selected one", async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "One" }));
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Two" }));
    expect(screen.getByRole("tabpanel").textContent).toBe("Second panel");
    await user.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "One" }));
    await user.keyboard("{End}");
    expect(screen.getByRole("tabpanel").textContent).toBe("Second panel");
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("tabpanel"));
  });
});
