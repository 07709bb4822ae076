import { describe, expect, it, vi } from "vitest";
import { downloadImage, imageFileName } from "./download-image";

const png = () => new Response(new Blob([new Uint8Array([0x89, 0x50])], { type: "image/png" }));

describe("image file names", () => {
  it("keeps letters, digits, _ and - of the id, cut to 12, with the type's extension", () => {
    expect(imageFileName("3f2a9c1e-77b0-4c1d-9e8f-0123456789ab", "image/png")).toBe(
      "tessera-image-3f2a9c1e-77b.png",
    );
    expect(imageFileName("a/b?c#d.e f", "image/jpeg")).toBe("tessera-image-abcdef.jpg");
    expect(imageFileName("x", "image/webp")).toBe("tessera-image-x.webp");
    expect(imageFileName("x", "image/gif")).toBe("tessera-image-x.gif");
    expect(imageFileName("x", "image/jpeg; charset=binary")).toBe("tessera-image-x.jpg");
  });

  it("says unknown without an id, and png for any other type", () => {
    expect(imageFileName(undefined, "image/png")).toBe("tessera-image-unknown.png");
    expect(imageFileName(null, null)).toBe("tessera-image-unknown.png");
    expect(imageFileName("", "application/octet-stream")).toBe("tessera-image-unknown.png");
    expect(imageFileName("abc", "image/svg+xml")).toBe("tessera-image-abc.png");
  });
});

describe("downloading an image", () => {
  it("refuses any scheme but http, https, data and blob, before fetching", async () => {
    const fetch = vi.fn();
    for (const url of ["javascript:alert(1)", "file:///etc/passwd", "/files/x.png", "ftp://host/x.png"]) {
      await expect(downloadImage(url, "x", { fetch })).rejects.toThrow(
        `Invalid URL scheme for image: ${url}`,
      );
    }
    expect(fetch).not.toHaveBeenCalled();
    const save = vi.fn();
    for (const url of [
      "http://h/x.png",
      "https://h/x.png",
      "data:image/png;base64,iVBO",
      "blob:http://h/1",
    ]) {
      await expect(downloadImage(url, "x", { fetch: () => Promise.resolve(png()), save })).resolves.toBe(
        "downloaded",
      );
    }
    expect(save).toHaveBeenCalledTimes(4);
  });

  it("fetches without credentials or referrer, with an abort signal, and saves under the id's name", async () => {
    const fetch = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(png()));
    const save = vi.fn();
    await downloadImage("https://tessera.test/files/a.png", "img_42", { fetch, save });
    const init = fetch.mock.calls[0]![1]!;
    expect(init).toMatchObject({ credentials: "omit", referrerPolicy: "no-referrer" });
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(save.mock.calls[0]![1]).toBe("tessera-image-img_42.png");
  });

  it("aborts after the time-out and opens the image in a new tab instead", async () => {
    const fetch = (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
      );
    const open = vi.fn(() => ({}) as Window);
    await expect(downloadImage("https://h/x.png", "x", { fetch, open, timeoutMs: 20 })).resolves.toBe(
      "opened",
    );
    expect(open).toHaveBeenCalledWith("https://h/x.png");
  });

  it("reports an HTTP error, and throws it when the new tab is blocked too", async () => {
    const fetch = () => Promise.resolve(new Response("gone", { status: 404 }));
    await expect(downloadImage("https://h/x.png", "x", { fetch, open: () => null })).rejects.toThrow(
      "HTTP error! status: 404",
    );
    const open = vi.fn(() => ({}) as Window);
    await expect(downloadImage("https://h/x.png", "x", { fetch, open })).resolves.toBe("opened");
  });
});
