// Zod 4 probes whether it may compile validators with `new Function`. Our CSP has no 'unsafe-eval', so
// the probe is refused; Zod catches the error, but the browser still reports a CSP violation on every
// page that validates an object. Validators run interpreted instead (they are small). Imported first
// by main.tsx and bundled into the zod chunk (vite.config.ts), so it runs before any schema is built.
import { z } from "zod";

z.config({ jitless: true });
