// The two models global-setup serves on a loopback OpenAI-compatible server. Tessera lists them as
// `local/alpha-7b` and `local/beta-13b` (Open Source group), named after the part after `local/`.
// Neither answer names its model, so a blind comparison stays blind.

export const E2E_MODEL_ANSWERS: Record<string, string[]> = {
  "alpha-7b": [
    "Recursion is ",
    "a function ",
    "that calls ",
    "itself ",
    "until a ",
    "base case ",
    "stops it.",
  ],
  "beta-13b": [
    "**Recursion** ",
    "solves a problem ",
    "by solving ",
    "smaller copies ",
    "of the same ",
    "problem.",
  ],
};

export const ALPHA_TEXT = "Recursion is a function that calls itself until a base case stops it.";
export const BETA_TEXT = "Recursion solves a problem by solving smaller copies of the same problem.";

/**
 * A long answer (80 chunks, some 12 s at the server's pace): long enough to leave and come back to,
 * even where a reload takes seconds (a loaded 2-core machine).
 */
export const SAGA_MODEL = "saga-1";
export const SAGA_CHUNKS = Array.from({ length: 80 }, (_, i) => `Chapter ${i + 1} of the saga. `);
export const SAGA_END = "Chapter 80 of the saga.";

/**
 * An answer that outlasts any journey (1,200 chunks, some 3 minutes at the server's pace): what Stop
 * ends after leaving and coming back, which no slow page load can let finish first.
 */
export const EPIC_MODEL = "epic-1";
export const EPIC_CHUNKS = Array.from({ length: 1200 }, (_, i) => `Verse ${i + 1} of the epic. `);

/**
 * Two models that call tools (see openai-compatible-server's ToolScript): clock-1 reads the built-in
 * current_time, then answers at length (about 12 s, like saga-1), long enough to reload in the middle of;
 * echo-1 calls the loopback MCP server's echo, which asks the person first.
 */
export const CLOCK_MODEL = "clock-1";
export const ECHO_MODEL = "echo-1";
export const ECHO_INPUT = "hello from the journey";
export const TOOL_MODELS = {
  [CLOCK_MODEL]: {
    tool: "current_time",
    input: {},
    before: ["Let me look at the clock. "],
    after: Array.from({ length: 80 }, (_, i) => `Tick ${i + 1}. `),
  },
  [ECHO_MODEL]: {
    tool: "echo",
    input: { text: ECHO_INPUT },
    before: ["I will ask the echo tool. "],
    after: ["Here is what came back. "],
  },
};
