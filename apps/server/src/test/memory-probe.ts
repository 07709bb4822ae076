// Preloaded into a server process under test (`node --expose-gc --import tsx --import <this>`): on
// SIGUSR2 it runs full garbage collections and prints the process's memory on one stderr line, so a
// test can compare the heap after a load with the heap before it from outside the process.
// Only for such a process: it throws anywhere garbage collection cannot be forced.
const expose = (globalThis as { gc?: () => void }).gc;
if (!expose) throw new Error("memory-probe needs node --expose-gc");
const collect: () => void = expose;

const turn = () => new Promise((resolve) => setTimeout(resolve, 50));

process.on("SIGUSR2", () => {
  void (async () => {
    // Between collections, the event loop turns: finalizers (FinalizationRegistry callbacks, such as
    // the runtime's Request cleanup) run only then, and what they release goes in the next pass.
    for (let i = 0; i < 3; i++) {
      collect();
      await turn();
    }
    collect();
    process.stderr.write(`memory-after-gc ${JSON.stringify(process.memoryUsage())}\n`);
  })();
});
