// The PATH tests look programs up on: the host's, then the folder of the ffmpeg that
// @ffmpeg-installer ships inside its npm package, so a machine without ffmpeg still has one (the
// host's comes first when there is one). The server itself finds ffmpeg on the host only: that
// build is from 2018 and gets no security fixes, and production decodes strangers' recordings.
import { createRequire } from "node:module";
import { delimiter, dirname } from "node:path";
import { hostPath } from "../env";
import { findProgram } from "../providers/transcription/run-program";

/** The folder of the npm package's ffmpeg, or null on a platform it has no build for. */
function packagedFfmpegDir(): string | null {
  try {
    const installer = createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg") as { path: string };
    return dirname(installer.path);
  } catch {
    return null;
  }
}

export function testPath(): string {
  const packaged = packagedFfmpegDir();
  return [hostPath(), packaged].filter(Boolean).join(delimiter);
}

/** ffmpeg for tests: the host's, else the npm package's. */
export function testFfmpeg(): string {
  const found = findProgram(undefined, ["ffmpeg"], testPath());
  if (!found) throw new Error("No ffmpeg: neither on PATH nor from @ffmpeg-installer/ffmpeg (npm install).");
  return found;
}
