// Two builds of the server side by side for row 8: cold starts to healthy, taking turns (A then B, B
// then A, and so on), each on a new PGlite data folder or a new PostgreSQL database, so that whatever the
// machine is doing hits both. Not part of `npm run bench`. Usage, from bench/:
//   A_ENTRY=../apps/server/dist/base/main.js B_ENTRY=../apps/server/dist/main.js \
//     npx tsx ab-boot.ts postgres|pglite [starts each, default 8]
import { resolve } from "node:path";
import { boot, type Boot } from "./startup";
import { BENCH_POSTGRES_URL } from "./lib/server";
import { mb, median, ms } from "./lib/stats";

const db = process.argv[2] as "postgres" | "pglite";
const n = Number(process.argv[3] ?? 8);
const { A_ENTRY, B_ENTRY } = process.env;
if (!A_ENTRY || !B_ENTRY || !["postgres", "pglite"].includes(db) || !(n > 0)) {
  console.error("usage: A_ENTRY=… B_ENTRY=… npx tsx ab-boot.ts postgres|pglite [starts each]");
  process.exit(2);
}
const root = resolve(import.meta.dirname, "..");
const sides = [
  { name: "A", entry: resolve(A_ENTRY), boots: [] as Boot[] },
  { name: "B", entry: resolve(B_ENTRY), boots: [] as Boot[] },
];
for (let i = 0; i < n; i++) {
  for (const side of i % 2 ? [...sides].reverse() : sides)
    side.boots.push(await boot({ root, db, postgresUrl: BENCH_POSTGRES_URL, entry: side.entry }));
  process.stderr.write(".");
}
process.stderr.write("\n");
console.log(
  `| build (${db}, ${n} cold starts each) | to healthy, median | each start (s) | idle RSS after 1 s, median |`,
);
console.log("|---|---|---|---|");
for (const { name, entry, boots } of sides)
  console.log(
    `| ${name} ${entry} | ${ms(median(boots.map((b) => b.bootMs)))} | ${boots
      .map((b) => (b.bootMs / 1000).toFixed(2))
      .join(", ")} | ${mb(median(boots.map((b) => b.idleRss)))} |`,
  );
