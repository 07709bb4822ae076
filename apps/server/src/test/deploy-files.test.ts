// The files under deploy/ parse as YAML, name only settings env.ts knows, and keep the pieces
// docs/deploy.md promises: shared secrets set once, readiness and liveness probes, a disruption budget.
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parse, parseAllDocuments } from "yaml";
import { envSchema } from "../env";

const root = resolve(import.meta.dirname, "../../../..");
const deploy = join(root, "deploy");
const known = new Set(Object.keys(envSchema.in.shape));
const read = (path: string) => readFileSync(join(deploy, path), "utf8");

interface ComposeService {
  image?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
  volumes?: string[];
}
const compose = (file: string) => parse(read(file)) as { services: Record<string, ComposeService> };

describe("deploy/compose.yaml", () => {
  const { services } = compose("compose.yaml");
  const env = services.tessera?.environment ?? {};

  it("runs several Tessera replicas behind Caddy, with PostgreSQL, Redis and a bucket made first", () => {
    expect(services.tessera?.deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect(Object.keys(services)).toEqual(
      expect.arrayContaining(["tessera", "caddy", "postgres", "redis", "minio", "minio-bucket"]),
    );
    expect(services.tessera?.depends_on?.["minio-bucket"]?.condition).toBe("service_completed_successfully");
    expect(services.tessera?.depends_on?.postgres?.condition).toBe("service_healthy");
  });

  it("sets only settings env.ts reads, and the shared ones from one place", () => {
    expect(Object.keys(env).filter((k) => !known.has(k))).toEqual([]);
    for (const k of [
      "AUTH_SECRET",
      "ENCRYPTION_KEY",
      "DATABASE_URL",
      "REDIS_URL",
      "S3_ENDPOINT",
      "S3_BUCKET",
    ])
      expect(env[k], k).toBeTruthy();
    // A missing secret stops `docker compose up` with a message, rather than starting replicas that
    // each generate their own and cannot read one another's sessions.
    expect(env.AUTH_SECRET).toMatch(/^\$\{AUTH_SECRET:\?/);
    expect(env.ENCRYPTION_KEY).toMatch(/^\$\{ENCRYPTION_KEY:\?/);
    expect(env.DATABASE_URL).toMatch(/@postgres:5432\//);
    expect(env.REDIS_URL).toBe("redis://redis:6379");
    expect(env.S3_ENDPOINT).toBe("http://minio:9000");
  });

  it("names the same bucket and proxy header as the services that make and set them", () => {
    const bucket = services["minio-bucket"] as ComposeService & { command: string[] };
    expect(bucket.command.join(" ")).toContain(`store/${env.S3_BUCKET}`);
    const caddyfile = read("Caddyfile");
    expect(caddyfile).toMatch(/dynamic a tessera 3000/);
    expect(caddyfile).toMatch(/flush_interval -1/);
    expect(caddyfile).toMatch(/health_uri \/api\/health\/ready/);
    expect(caddyfile.toLowerCase()).toContain(`header_up ${env.TRUSTED_PROXY_HEADER} `);
  });
});

describe("deploy/compose.single.yaml", () => {
  it("runs one container on the embedded database with its data in a volume", () => {
    const { services } = compose("compose.single.yaml");
    expect(Object.keys(services)).toEqual(["tessera"]);
    const env = services.tessera?.environment ?? {};
    expect(Object.keys(env).filter((k) => !known.has(k))).toEqual([]);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(services.tessera?.volumes).toContain(`tessera-data:${env.DATA_DIR}`);
  });
});

describe("deploy/k8s", () => {
  type Doc = {
    kind: string;
    metadata: { name: string };
    data?: Record<string, string>;
    stringData?: Record<string, string>;
    spec?: Record<string, unknown>;
  };
  const load = (dir: string) =>
    readdirSync(join(deploy, dir))
      .filter((f) => f.endsWith(".yaml") && f !== "kustomization.yaml")
      .flatMap((f) => parseAllDocuments(read(join(dir, f))).map((d) => d.toJS() as Doc));
  const many = load("k8s");
  const single = load("k8s/single");
  const kind = (docs: Doc[], k: string) => docs.find((d) => d.kind === k);
  type Container = {
    readinessProbe: { httpGet: { path: string } };
    livenessProbe: { httpGet: { path: string } };
    env?: { name: string }[];
  };
  const containerOf = (d: Doc | undefined) =>
    (d?.spec as { template: { spec: { containers: Container[] } } }).template.spec.containers[0];

  it("lists every file it applies", () => {
    for (const dir of ["k8s", "k8s/single"]) {
      const listed = (parse(read(join(dir, "kustomization.yaml"))) as { resources: string[] }).resources;
      for (const file of listed) expect(() => read(join(dir, file)), file).not.toThrow();
    }
  });

  it("has the pieces of the compose file: secrets, settings, replicas with probes, a budget", () => {
    expect(many.map((d) => d.kind).sort()).toEqual(
      ["ConfigMap", "Deployment", "PodDisruptionBudget", "Secret", "Service"].sort(),
    );
    const deployment = kind(many, "Deployment");
    expect((deployment?.spec as { replicas: number }).replicas).toBeGreaterThanOrEqual(2);
    const c = containerOf(deployment);
    expect(c?.readinessProbe.httpGet.path).toBe("/api/health/ready");
    expect(c?.livenessProbe.httpGet.path).toBe("/api/health");
    const minAvailable = (kind(many, "PodDisruptionBudget")?.spec as { minAvailable: number }).minAvailable;
    expect(minAvailable).toBeLessThan((deployment?.spec as { replicas: number }).replicas);
    const names = [
      ...Object.keys(kind(many, "ConfigMap")?.data ?? {}),
      ...Object.keys(kind(many, "Secret")?.stringData ?? {}),
    ];
    expect(names.filter((k) => !known.has(k))).toEqual([]);
    expect(names).toEqual(
      expect.arrayContaining(["AUTH_SECRET", "ENCRYPTION_KEY", "DATABASE_URL", "REDIS_URL"]),
    );
  });

  it("runs PGlite as one replica on a claimed volume, replaced rather than rolled", () => {
    const deployment = kind(single, "Deployment");
    const spec = deployment?.spec as { replicas: number; strategy: { type: string } };
    expect(spec.replicas).toBe(1);
    expect(spec.strategy.type).toBe("Recreate");
    expect(kind(single, "PersistentVolumeClaim")).toBeDefined();
    const c = containerOf(deployment);
    expect((c?.env ?? []).map((e) => e.name).filter((k) => !known.has(k))).toEqual([]);
    expect(c?.readinessProbe.httpGet.path).toBe("/api/health/ready");
  });
});
