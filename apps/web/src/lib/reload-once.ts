// After a deploy, a page still open from the old build asks for chunks the server no longer has (a
// 404): the only way on is the new build's index.html, so the page reloads itself. Once per missing
// chunk: the chunks it reloaded for are kept in sessionStorage, and the same chunk failing again
// after the reload (a server that truly lacks it) shows the error screen instead of reloading forever.

const KEY = "tessera:reloaded-for-chunks";
/** Enough to remember several deploys in one tab, small enough to stay a short string. */
const REMEMBERED = 20;

function reloadedFor(): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Reloads the page for a chunk that failed to arrive, unless it already did for that chunk (`what`:
 * the browser's error, which names the chunk's address). Answers whether it reloads.
 */
export function reloadOnce(what: string, reload: () => void = () => window.location.reload()): boolean {
  const seen = reloadedFor();
  if (seen.includes(what)) return false;
  try {
    sessionStorage.setItem(KEY, JSON.stringify([...seen, what].slice(-REMEMBERED)));
  } catch {
    return false; // storage refused (a private window's quota): without the mark a reload could loop
  }
  reload();
  return true;
}
