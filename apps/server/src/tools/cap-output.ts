// Tool output goes to a model and to the page: it is kept to a size both can take, and a cut says so,
// so neither the model nor the person mistakes a part for the whole.

/** The most characters of one tool's output kept with the answer. */
export const TOOL_OUTPUT_MAX_CHARS = 20_000;

export function capOutput(text: string, max = TOOL_OUTPUT_MAX_CHARS): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n\n[Cut: the output was ${text.length.toLocaleString("en")} characters; only the first ${max.toLocaleString("en")} are shown.]`;
}

/** A failure as a tool's answer: the reason in words, for the model and the person. */
export const toolError = (message: string) => ({ output: message, isError: true });

export const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));
