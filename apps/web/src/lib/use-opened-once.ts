import { useState } from "react";

/**
 * False until `open` is first true, then true for good. A closed dialog mounts (and loads its code)
 * only when first opened, and stays mounted after, so closing plays out and reopening is instant.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
