import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

describe("parseEnv", () => {
  it("gives the documented defaults on an empty environment", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: "./data",
      PUBLIC_URL: "http://localhost:3000",
      LOG_LEVEL: "info",
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.REDIS_KEY_PREFIX).toBe("tessera:");
  });

  it("treats empty strings as unset and derives PUBLIC_URL from PORT", () => {
    const env = parseEnv({ DATABASE_URL: "", PORT: "4100", PUBLIC_URL: "" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe("http://localhost:4100");
  });

  it("lists every bad value in one readable message", () => {
    let error: unknown;
    try {
      parseEnv({
        PORT: "eighty",
        DATABASE_URL: "mysql://x",
        REDIS_URL: "localhost:6379",
        AUTH_SECRET: "short",
        GITHUB_CLIENT_ID: "id",
        S3_BUCKET: "b",
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message).toContain("PORT");
    expect(message).toContain("DATABASE_URL: must be a URL starting with postgres:// or postgresql://");
    expect(message).toContain("REDIS_URL: must be a URL starting with redis:// or rediss://");
    expect(message).toContain("AUTH_SECRET: must be at least 32 characters");
    expect(message).toContain("GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET must be set together");
    expect(message).toContain(
      "object storage needs all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY",
    );
  });
  it("reads the observing settings: a metrics token, a port of its own, a trace collector", () => {
    const env = parseEnv({
      METRICS_TOKEN: "a".repeat(24),
      METRICS_PORT: "9464",
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/",
    });
    expect(env.METRICS_TOKEN).toBe("a".repeat(24));
    expect(env.METRICS_PORT).toBe(9464);
    expect(env.OTEL_EXPORTER_OTLP_ENDPOINT).toBe("http://collector:4318");
    expect(env.OTEL_SERVICE_NAME).toBe("tessera");
    const unset = parseEnv({ METRICS_TOKEN: "", METRICS_PORT: "", OTEL_EXPORTER_OTLP_ENDPOINT: "" });
    expect(unset.METRICS_TOKEN).toBeUndefined();
    expect(unset.METRICS_PORT).toBeUndefined();
    expect(unset.OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
  });

  it("refuses a short metrics token, a bad port or collector, and metrics on the main port", () => {
    const bad = (source: Record<string, string>) => {
      try {
        parseEnv(source);
      } catch (err) {
        return (err as Error).message;
      }
      return "";
    };
    expect(bad({ METRICS_TOKEN: "short" })).toContain("METRICS_TOKEN: must be at least 16 characters");
    expect(bad({ METRICS_PORT: "99999" })).toContain("METRICS_PORT");
    expect(bad({ METRICS_PORT: "nine" })).toContain("METRICS_PORT");
    expect(bad({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })).toContain(
      "OTEL_EXPORTER_OTLP_ENDPOINT: must be a URL starting with http:// or https://",
    );
    expect(bad({ PORT: "3000", METRICS_PORT: "3000" })).toContain("METRICS_PORT: must differ from PORT");
  });
});
