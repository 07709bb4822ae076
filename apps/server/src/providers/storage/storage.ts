// File storage: the embedded default is a folder under DATA_DIR whose files are served at
// /files/<key>. Keys are made by the caller and contain an unguessable random part.
import { createWriteStream } from "node:fs";
import { copyFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { dirname, join, normalize, sep } from "node:path";

export interface Storage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<Uint8Array>;
  remove(key: string): Promise<void>;
  /** Stores a file from disk without holding it in memory (uploads kept for a background job). */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /** Writes the object to a file on disk without holding it in memory. */
  getFile(key: string, path: string): Promise<void>;
  /** A stable URL the browser can load (same origin for the local folder). */
  publicUrl(key: string): string;
}

const KEY = /^[a-z0-9][a-z0-9/_-]*\.[a-z0-9]{2,5}$/;

export function createLocalStorage(root: string): Storage {
  const pathOf = (key: string) => {
    if (!KEY.test(key) || key.includes("..")) throw new Error(`bad storage key: ${key}`);
    const full = normalize(join(root, key));
    if (!full.startsWith(normalize(root) + sep)) throw new Error(`bad storage key: ${key}`);
    return full;
  };
  return {
    async put(key, bytes) {
      const full = pathOf(key);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, bytes, { flag: "wx" });
    },
    async get(key) {
      return new Uint8Array(await readFile(pathOf(key)));
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async putFile(key, path) {
      const full = pathOf(key);
      await mkdir(dirname(full), { recursive: true });
      await copyFile(path, full);
    },
    async getFile(key, path) {
      await copyFile(pathOf(key), path);
    },
    publicUrl: (key) => `/files/${key}`,
  };
}

export const isStorageKey = (key: string) => KEY.test(key) && !key.includes("..");

/** Keys under this prefix hold what only the server reads (uploads awaiting a job): never served. */
export const PRIVATE_PREFIX = "private/";
export const isServedKey = (key: string) => isStorageKey(key) && !key.startsWith(PRIVATE_PREFIX);

/** Streams `body` to a new file at `path`. */
export const writeStreamTo = (body: Readable, path: string) => pipeline(body, createWriteStream(path));

const TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  mp3: "audio/mpeg",
  pdf: "application/pdf",
};
export const contentTypeOf = (key: string) =>
  TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";
