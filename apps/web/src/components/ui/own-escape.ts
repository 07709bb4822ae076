// A field whose Escape is its own (it cancels an edit): a sheet or dialog around it stays open.
// Kept apart from the sheet so that marking a field does not load the dialog machinery.

export const OWN_ESCAPE = { "data-own-escape": "" } as const;

/** Whether an Escape pressed on `target` belongs to a field marked with OWN_ESCAPE. */
export const keepsOwnEscape = (target: EventTarget | null) =>
  target instanceof Element && target.closest("[data-own-escape]") !== null;
