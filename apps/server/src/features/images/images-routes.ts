// Image creator routes (being built): generation jobs, recent images and history.
import { Hono } from "hono";
import type { Services } from "../../bootstrap";
import type { AppEnv } from "../../lib/context";

export function imagesRoutes(_services: Services) {
  return new Hono<AppEnv>();
}
