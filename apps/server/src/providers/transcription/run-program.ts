// Runs a host program the way the offline recogniser needs it: no shell, arguments as a list, a time
// limit after which the program is killed, and capped output. Also finds programs on PATH.
import { spawn } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";

export interface ProgramResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export class ProgramTimeoutError extends Error {
  override name = "ProgramTimeoutError";
}

const OUTPUT_CAP = 256 * 1024;

const aborted = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new Error("The run was called off.");

export function runProgram(
  path: string,
  args: string[],
  opts: { timeoutMs: number; signal?: AbortSignal },
): Promise<ProgramResult> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(aborted(opts.signal));
    const child = spawn(path, args, { shell: false, stdio: ["ignore", "pipe", "pipe"], windowsHide: true });
    const out = { stdout: "", stderr: "" };
    const collect = (key: keyof typeof out) => (chunk: Buffer) => {
      if (out[key].length < OUTPUT_CAP) out[key] += chunk.toString("utf8").slice(0, OUTPUT_CAP);
    };
    child.stdout.on("data", collect("stdout"));
    child.stderr.on("data", collect("stderr"));

    let timedOut = false;
    const kill = () => child.kill("SIGKILL");
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, opts.timeoutMs);
    opts.signal?.addEventListener("abort", kill, { once: true });
    const done = () => {
      clearTimeout(timer);
      opts.signal?.removeEventListener("abort", kill);
    };

    child.once("error", (err) => {
      done();
      reject(err);
    });
    child.once("close", (code) => {
      done();
      if (timedOut)
        reject(
          new ProgramTimeoutError(`${path} did not finish within ${Math.round(opts.timeoutMs / 1000)} s`),
        );
      else if (opts.signal?.aborted) reject(aborted(opts.signal));
      else resolve({ code, ...out });
    });
  });
}

/**
 * The program at `configured` (a path, or a name looked up on `pathList`), else the first of `names`
 * found on `pathList`; null when there is none.
 */
export function findProgram(
  configured: string | undefined,
  names: string[],
  pathList: string,
): string | null {
  if (configured?.includes("/")) return isExecutable(configured) ? configured : null;
  const dirs = pathList.split(delimiter).filter((dir) => isAbsolute(dir));
  const wanted = configured ? [configured] : names;
  for (const name of wanted) {
    const found = dirs.map((dir) => join(dir, name)).find(isExecutable);
    if (found) return found;
  }
  return null;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
