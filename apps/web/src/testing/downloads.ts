// Files the page saves (lib/save-file: a blob URL on a link that is clicked), caught instead of saved.
import { vi } from "vitest";

export function catchDownloads() {
  const saved: { name: string; text: Promise<string> }[] = [];
  // The test DOM has no blob URLs; the page's own URL functions are put back by `restore`.
  const own = Object.getOwnPropertyDescriptors(URL);
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      saved.push({ name: "", text: blob.text() });
      return "blob:download";
    },
    revokeObjectURL: () => undefined,
  });
  const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.at(-1)!.name = this.download;
  });
  return {
    saved,
    click,
    restore: () => {
      click.mockRestore();
      for (const key of ["createObjectURL", "revokeObjectURL"] as const)
        if (own[key]) Object.defineProperty(URL, key, own[key]);
        else delete (URL as unknown as Record<string, unknown>)[key];
    },
  };
}
