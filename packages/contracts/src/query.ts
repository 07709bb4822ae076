// Query-string pieces shared by list endpoints.
import { z } from "zod";

/** `?limit=`: a whole number from 1 to `max`, read from its text. */
export const limitParam = (max: number) =>
  z.coerce
    .number("The limit must be a number.")
    .int("The limit must be a whole number.")
    .min(1, "The limit must be at least 1.")
    .max(max, `The limit is at most ${max}.`);
