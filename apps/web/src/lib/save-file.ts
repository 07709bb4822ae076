// The browser's download of something made or fetched on the page.
import { apiFile } from "./api-client";

/** Saves a blob under a name through a temporary link (the browser's download). */
export function saveBlob(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** Saves a file the API sends under the name the server gave it (`fallbackName` if it gave none). */
export async function saveApiFile(path: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await apiFile(path);
  saveBlob(blob, fileName ?? fallbackName);
}
