// Loaded into a parse worker before its own module (startParseWorker's `imports`, as
// `slow-reader-load.ts?ms=N`): the readers' libraries (pdf.js, mammoth) take N ms longer to load, as
// on a busy machine.
import { register } from "node:module";

const ms = Number(new URL(import.meta.url).searchParams.get("ms"));
const hooks = `
export async function resolve(specifier, context, next) {
  if (specifier === "unpdf/pdfjs" || specifier === "mammoth")
    await new Promise((done) => setTimeout(done, ${ms}));
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
