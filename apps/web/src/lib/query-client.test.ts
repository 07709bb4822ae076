import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { createQueryClient } from "./query-client";

const retryOf = () => {
  const retry = createQueryClient().getDefaultOptions().queries?.retry;
  if (typeof retry !== "function") throw new Error("the query client's retry should be a rule");
  return (error: Error) => retry(0, error);
};

describe("the query client's retry", () => {
  it("tries a failed read once more, unless the server refused it or the API client already tried again", () => {
    const retry = retryOf();
    expect(retry(new ApiError(500, "INTERNAL", "Something broke."))).toBe(true);
    expect(retry(new ApiError(0, "TIMEOUT", "The server took too long to answer."))).toBe(true);
    expect(retry(new Error("not an API error"))).toBe(true);
    expect(retry(new ApiError(404, "NOT_FOUND", "Not found."))).toBe(false);
    expect(retry(new ApiError(429, "RATE_LIMITED", "Slow down."))).toBe(false);
    expect(retry(new ApiError(0, "NETWORK_ERROR", "Could not reach the server.", { attempts: 3 }))).toBe(
      false,
    );
    expect(retry(new ApiError(503, "HTTP_503", "Service Unavailable", { attempts: 3 }))).toBe(false);
  });

  it("tries only once more", () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry as (n: number, e: Error) => boolean;
    expect(retry(1, new ApiError(500, "INTERNAL", "Something broke."))).toBe(false);
  });
});
