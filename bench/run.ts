// `npm run bench`: runs every benchmark in turn, prints each table, and writes bench/RESULTS.md
// with the machine, date and commit. Figures are measured, never asserted: nothing here fails on a
// number. `--quick` shrinks sizes to try a bench out; `--only=stream,web` runs some of them.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join, resolve } from "node:path";
import { renderSection, type BenchContext, type BenchSection } from "./lib/report";

/** Each module's default export runs its benchmarks and returns their sections. */
const MODULES = ["stream", "dashboard", "search", "web", "startup"] as const;

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const only = args
  .find((a) => a.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",");
const root = resolve(import.meta.dirname, "..");

const ctx: BenchContext = {
  root,
  quick,
  postgresUrl: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
  log: (m) => process.stderr.write(`  · ${m}\n`),
};

const git = (...a: string[]) => {
  try {
    return execFileSync("git", a, { cwd: root, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
};

const sections: BenchSection[] = [];
for (const name of MODULES) {
  if (only && !only.includes(name)) continue;
  process.stderr.write(`\n▶ ${name}\n`);
  const mod = (await import(`./${name}.ts`)) as { default: (c: BenchContext) => Promise<BenchSection[]> };
  const started = performance.now();
  for (const s of await mod.default(ctx)) {
    sections.push(s);
    console.log(`\n${renderSection(s)}\n`);
  }
  process.stderr.write(`  ${name} took ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
}
sections.sort((a, b) => a.id.localeCompare(b.id, undefined, { numeric: true }));

const cpu = cpus();
const header = [
  "# Benchmark results",
  "",
  "Written by `npm run bench` (see `bench/README.md`). Figures are medians or percentiles over repeats,",
  "each beside a baseline measured in the same run on the same machine; they are not asserted by any test.",
  "",
  `- Date: ${new Date().toISOString()}`,
  `- Commit: ${git("rev-parse", "--short", "HEAD")}${git("status", "--porcelain") ? " (with uncommitted changes)" : ""}`,
  `- Machine: ${cpu.length} × ${cpu[0]?.model ?? "unknown CPU"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB memory, Node ${process.version}, ${process.platform}`,
  `- Mode: ${quick ? "quick (reduced sizes; not for comparison)" : "full"}${only ? `, only ${only.join(", ")}` : ""}`,
  "",
].join("\n");

if (!only) {
  writeFileSync(join(root, "bench/RESULTS.md"), `${header}\n${sections.map(renderSection).join("\n\n")}\n`);
  process.stderr.write("\nwrote bench/RESULTS.md\n");
}
