// One full garbage collection once the server has started, before it listens. Start-up (loading the
// bundle, migrations, seeding, PGlite's file system) grows V8's young generation to its largest and
// leaves its garbage behind; V8 gives that memory back to the system in a memory-reducing collection,
// which its memory reducer schedules some seconds after a full collection. A server that then sits
// idle may never run a full collection of its own, and kept its start-up size for good (PGlite:
// about 175 MB resident, about 145 MB once the reducer has run). The collection takes some tens of
// milliseconds, once. `gc` is not exposed to the process's own context; it is to a new one once
// V8's flag is set, which affects nothing else.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

export function collectStartupGarbage(): void {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as (() => void) | undefined;
  gc?.();
}
