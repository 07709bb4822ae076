// Zod 4 probes whether it may compile validators with `new Function`. Our CSP has no 'unsafe-eval', so
// the probe is refused; Zod catches the error, but the browser still reports a CSP violation on every
// page that validates an object. Validators run interpreted instead (they are small).
// Zod keeps its settings on `globalThis.__zod_globalConfig` (z.config writes there, and a Zod loaded
// later adopts the object it finds), so this sets them without loading Zod: imported first by
// main.tsx, it applies to the schemas of every lazy page while the first page loads no Zod at all.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });

export {};
