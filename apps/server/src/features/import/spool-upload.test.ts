import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LEFT_BEHIND_MS, spoolUpload, sweepLeftUploads } from "./spool-upload";

const dir = mkdtempSync(join(tmpdir(), "tessera-spool-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The body in pieces of the given sizes, so the delimiter falls across chunk edges. */
function inPieces(bytes: Uint8Array, size: (i: number) => number): ReadableStream<Uint8Array> {
  let at = 0;
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      const n = Math.max(1, size(i++));
      controller.enqueue(bytes.slice(at, at + n));
      at += n;
    },
  });
}

async function multipart(content: string) {
  const form = new FormData();
  form.append("before", "a field");
  form.append("file", new Blob([content]), "conversations.json");
  form.append("after", "another");
  const res = new Response(form);
  return { bytes: new Uint8Array(await res.arrayBuffer()), type: res.headers.get("content-type")! };
}

describe("spoolUpload", () => {
  // Content that looks like a delimiter's start, CRLFs and dashes included.
  const content = `[{"a":"\\r\\n--x"}]\r\n--\r\n-${"é".repeat(3000)}`;

  it("keeps exactly the file's bytes however the body is cut", async () => {
    const { bytes, type } = await multipart(content);
    for (const size of [() => 1, () => 7, (i: number) => (i * 37) % 101, () => 65_536]) {
      const spooled = await spoolUpload(inPieces(bytes, size), type, dir, 1e6, "too large");
      expect(readFileSync(spooled.path, "utf8")).toBe(content);
      expect(spooled.bytes).toBe(Buffer.byteLength(content));
      await spooled.remove();
    }
  });

  it("takes a plain body whole, and refuses a form without the file or past the limit", async () => {
    const plain = await spoolUpload(
      inPieces(Buffer.from("[1]"), () => 2),
      "application/json",
      dir,
      10,
      "big",
    );
    expect(readFileSync(plain.path, "utf8")).toBe("[1]");
    await plain.remove();
    const form = new FormData();
    form.append("other", "x");
    const res = new Response(form);
    const type = res.headers.get("content-type")!;
    await expect(spoolUpload(res.body, type, dir, 1e6, "big")).rejects.toThrow(/field 'file'/);
    const { bytes, type: t2 } = await multipart(content);
    await expect(
      spoolUpload(
        inPieces(bytes, () => 100),
        t2,
        dir,
        100,
        "too big",
      ),
    ).rejects.toMatchObject({
      status: 413,
    });
  });

  it("sweeps uploads a stopped process left behind, and only those", async () => {
    const old = join(dir, "old.upload");
    const fresh = join(dir, "fresh.upload");
    const other = join(dir, "keep.txt");
    for (const path of [old, fresh, other]) writeFileSync(path, "x");
    const longAgo = (Date.now() - LEFT_BEHIND_MS - 60_000) / 1000;
    utimesSync(old, longAgo, longAgo);
    utimesSync(other, longAgo, longAgo);
    expect(await sweepLeftUploads(dir)).toBe(1);
    expect([existsSync(old), existsSync(fresh), existsSync(other)]).toEqual([false, true, true]);
    expect(await sweepLeftUploads(join(dir, "missing"))).toBe(0);
  });
});
