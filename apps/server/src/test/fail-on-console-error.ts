import { afterEach, vi } from "vitest";

// A test that makes something log an error to the console fails: errors are never noise.
const spy = vi.spyOn(console, "error");
afterEach(() => {
  const calls = spy.mock.calls.slice();
  spy.mockClear();
  if (calls.length > 0)
    throw new Error(`console.error was called:\n${calls.map((c) => c.map(String).join(" ")).join("\n")}`);
});
