import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import "./zod-config";

afterEach(() => vi.restoreAllMocks());

describe("zod under the CSP", () => {
  it("validates objects without compiling code (no `new Function`, which the CSP refuses)", () => {
    const compile = vi.spyOn(globalThis, "Function");
    const schema = z.object({ title: z.string(), tags: z.array(z.string()) });
    expect(schema.parse({ title: "Notes", tags: ["a"] })).toEqual({ title: "Notes", tags: ["a"] });
    expect(schema.safeParse({ title: 1 }).success).toBe(false);
    expect(compile).not.toHaveBeenCalled();
  });
});
