// The app's keyboard shortcuts: Ctrl on Windows and Linux, Command on a Mac, never with Alt (AltGr types
// characters on many layouts). Whether Shift is part of one is the caller's to say.

/** Ctrl/Cmd + `key` (one lower-case letter), Shift or not. */
export const isCommandKey = (event: KeyboardEvent, key: string) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === key;
