// `npm run bench`: runs every benchmark in turn, prints each table, and writes bench/RESULTS.md
// with the machine, date and commit. Figures are measured, never asserted: nothing here fails on a
// number. `--quick` shrinks sizes to try a bench out; `--only=stream,web` runs some of them. A full
// run of a module keeps its sections in bench/last/<module>.json, and RESULTS.md is written from the
// latest full run of every module, each with its own date and commit, and the prose of each row
// (its method, the profile behind a miss) from the modules' NOTES as they are now. `--render-only`
// runs nothing and writes RESULTS.md again from bench/last/ and that prose: after editing the prose,
// the figures stay as measured.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join, resolve } from "node:path";
import { gitIn } from "./lib/git";
import { renderSection, type BenchContext, type BenchNotes, type BenchSection } from "./lib/report";
import { BENCH_POSTGRES_URL } from "./lib/server";

/** Each module's default export runs its benchmarks and returns their sections. */
const MODULES = [
  "stream",
  "dashboard",
  "search",
  "web",
  "startup",
  "api",
  "local-llm",
  "knowledge",
  "knowledge-latency",
] as const;

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const renderOnly = args.includes("--render-only");
const only = args
  .find((a) => a.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",");
const root = resolve(import.meta.dirname, "..");

const ctx: BenchContext = {
  root,
  quick,
  postgresUrl: BENCH_POSTGRES_URL,
  log: (m) => process.stderr.write(`  · ${m}\n`),
};

const git = (...a: string[]) => gitIn(root, ...a) ?? "unknown";

interface ModuleRun {
  module: string;
  date: string;
  commit: string;
  machine: string;
  seconds: number;
  /** The machine's 1-minute load average as the module started: other work skews the figures. */
  load?: number;
  sections: BenchSection[];
}

const cpu = cpus();
const machine = `${cpu.length} × ${cpu[0]?.model ?? "unknown CPU"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB memory, Node ${process.version}, ${process.platform}`;
// The bench's own output (RESULTS.md, last/) changing between runs is not a change to what is measured.
const changed = git(
  "status",
  "--porcelain",
  "--untracked-files=no",
  "--",
  ".",
  ":!bench/RESULTS.md",
  ":!bench/last",
);
const commit = `${git("rev-parse", "--short", "HEAD")}${changed ? " (with uncommitted changes)" : ""}`;
const lastDir = join(root, "bench/last");

interface BenchModule {
  default: (c: BenchContext) => Promise<BenchSection[]>;
  NOTES: BenchNotes;
}
const load = (name: string) => import(`./${name}.ts`) as Promise<BenchModule>;
/** Every module's prose, keyed by row id. */
const notes: BenchNotes = Object.assign(
  {},
  ...(await Promise.all(MODULES.map(load))).map((m) => m.NOTES),
) as BenchNotes;

for (const name of MODULES) {
  if (renderOnly || (only && !only.includes(name))) continue;
  process.stderr.write(`\n▶ ${name}\n`);
  const mod = await load(name);
  const started = performance.now();
  const date = new Date().toISOString();
  const loadAverage = Math.round(loadavg()[0]! * 10) / 10;
  // One module failing (a server that would not start, say) is reported, and the others still run.
  const sections = await mod.default(ctx).catch((err: unknown): BenchSection[] => {
    process.exitCode = 1;
    process.stderr.write(
      `  ${name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    return [];
  });
  for (const s of sections) console.log(`\n${renderSection(s, notes[s.id])}\n`);
  const seconds = Math.round((performance.now() - started) / 1000);
  process.stderr.write(`  ${name} took ${seconds} s\n`);
  if (!quick && sections.length > 0) {
    mkdirSync(lastDir, { recursive: true });
    const run: ModuleRun = { module: name, date, commit, machine, seconds, load: loadAverage, sections };
    writeFileSync(join(lastDir, `${name}.json`), `${JSON.stringify(run, null, 2)}\n`);
  }
}

if (!quick) {
  const runs = MODULES.flatMap((name) => {
    const file = join(lastDir, `${name}.json`);
    return existsSync(file) ? [JSON.parse(readFileSync(file, "utf8")) as ModuleRun] : [];
  });
  const missing = MODULES.filter((name) => !runs.some((r) => r.module === name));
  const sections = runs
    .flatMap((r) => r.sections)
    .sort((a, b) => a.id.localeCompare(b.id, undefined, { numeric: true }));
  const results = [
    "# Benchmark results",
    "",
    "Written by `npm run bench` (see `bench/README.md`) from the latest full run of each module. Figures are",
    "medians or percentiles over repeats, each beside a baseline measured in the same run on the same machine;",
    "no test asserts them. A verdict compares a figure with the goal the project set for it. Under each table:",
    "how it was measured and, for a missed goal, the profile that explains it. Earlier runs, and the changes",
    "that moved the figures, are in the history of this file and of `bench/last/`.",
    "",
    "| module | rows | run at | commit | took | load average at start | machine |",
    "|---|---|---|---|---|---|---|",
    ...runs.map(
      (r) =>
        `| ${r.module} | ${r.sections.map((s) => s.id).join(", ")} | ${r.date} | ${r.commit} | ${r.seconds} s | ${r.load ?? "—"} | ${r.machine} |`,
    ),
    ...(missing.length ? ["", `Not run yet: ${missing.join(", ")}.`] : []),
    "",
    sections.map((s) => renderSection(s, notes[s.id])).join("\n\n"),
    "",
  ].join("\n");
  writeFileSync(join(root, "bench/RESULTS.md"), results);
  process.stderr.write("\nwrote bench/RESULTS.md\n");
}
