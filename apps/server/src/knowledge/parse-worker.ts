// A parse worker process: reads one input at a time for parser-pool.ts, which limits its time and
// heap and ends it when a file goes past them. The build bundles this file as dist/parse-worker.js;
// from the sources it runs through tsx.
//   in:  { id, input: ParseInput }
//   out: { ready: true } once; for each input { id, began: true } once its reader is loaded, then
//        { id, ok: true, content } | { id, ok: false, code, message }
import { AppError } from "../lib/errors";
import { loadReader, parseContent, type ParseInput } from "./parse-content";

const send = (message: unknown) => process.send!(message);

process.on("message", ({ id, input }: { id: number; input: ParseInput }) => {
  loadReader(input.kind)
    .then(() => {
      send({ id, began: true });
      return parseContent(input);
    })
    .then(
      (content) => send({ id, ok: true, content }),
      (err: unknown) =>
        send(
          err instanceof AppError
            ? { id, ok: false, code: err.code, message: err.message }
            : { id, ok: false, code: "INTERNAL", message: err instanceof Error ? err.message : String(err) },
        ),
    );
});
// The server went away: nothing is left to read for.
process.on("disconnect", () => process.exit(0));
send({ ready: true });
