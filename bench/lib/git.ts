import { execFileSync } from "node:child_process";

/** What git prints for `args` run in `folder`, trimmed; null outside a checkout or without git. */
export function gitIn(folder: string, ...args: string[]): string | null {
  try {
    return execFileSync("git", args, {
      cwd: folder,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return null;
  }
}
