// deploy/grafana/tessera.json queries only metrics that GET /metrics serves: a renamed metric fails
// here instead of leaving an empty panel in an operator's Grafana.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findUp } from "../lib/paths";
import { createTestApp, type TestApp } from "../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the Grafana dashboard", () => {
  it("queries only metrics /metrics serves", async () => {
    const path = findUp("deploy/grafana/tessera.json");
    expect(path).toBeTruthy();
    const dashboard = JSON.parse(readFileSync(path!, "utf8")) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    const queried = new Set(
      dashboard.panels.flatMap((p) =>
        p.targets.flatMap((target) => target.expr.match(/\b(?:tessera|process|nodejs)_[a-z0-9_]+/g) ?? []),
      ),
    );
    expect(queried.size).toBeGreaterThan(10);
    const text = await (await fetch(`${await t.listen()}/metrics`)).text();
    const served = new Set(
      [...text.matchAll(/^# TYPE (\S+) (\w+)$/gm)].flatMap(([, name, type]) =>
        type === "histogram" ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name!],
      ),
    );
    expect([...queried].filter((name) => !served.has(name))).toEqual([]);
  });
});
