import { Hono } from "hono";
import { html, raw } from "hono/html";
import type { AppEnv } from "../../lib/context";
import { appVersion } from "../../lib/paths";
import { ROUTE_RULES } from "../../route-rules";
import { buildApiDocument, OPERATIONS, operationNeedsBearer, operationRule } from "./api-document";

/** /api/openapi.json and a plain reference page at /api/docs (no scripts: the CSP allows none inline). */
export function openapiRoutes() {
  let document: ReturnType<typeof buildApiDocument> | undefined;
  return new Hono<AppEnv>()
    .get("/openapi.json", (c) => c.json((document ??= buildApiDocument(appVersion()))))
    .get("/docs", (c) =>
      c.html(
        html`<!doctype html>
          <html lang="en">
            <head>
              <meta charset="utf-8" />
              <title>Tessera API reference</title>
              <style>
                body {
                  font:
                    15px/1.5 system-ui,
                    sans-serif;
                  max-width: 60rem;
                  margin: 2rem auto;
                  padding: 0 1rem;
                  color: #18181b;
                }
                code {
                  background: #f4f4f5;
                  padding: 0.1rem 0.3rem;
                  border-radius: 0.25rem;
                }
                table {
                  border-collapse: collapse;
                  width: 100%;
                }
                td,
                th {
                  text-align: left;
                  padding: 0.4rem;
                  border-bottom: 1px solid #e4e4e7;
                }
                .m {
                  font-weight: 600;
                  text-transform: uppercase;
                  font-size: 12px;
                }
              </style>
            </head>
            <body>
              <h1>Tessera API</h1>
              <p>
                Version ${appVersion()}. Machine-readable:
                <a href="/api/openapi.json"><code>/api/openapi.json</code></a
                >. Calls marked <span class="a">session</span> need
                <code>Authorization: Bearer &lt;token&gt;</code>; errors answer
                <code>{"error":{"code","message","requestId"}}</code>.
              </p>
              <table>
                <tr>
                  <th>Method</th>
                  <th>Path</th>
                  <th>What it does</th>
                  <th>Who may call it</th>
                </tr>
                ${raw(
                  OPERATIONS.map(
                    (op) =>
                      `<tr><td class="m">${op.method}</td><td><code>${op.path}</code></td><td>${operationNeedsBearer(op) ? '<span class="a">session</span> ' : ""}${op.summary.replace(/</g, "&lt;")}</td><td>${ROUTE_RULES[operationRule(op)]}</td></tr>`,
                  ).join(""),
                )}
              </table>
            </body>
          </html>`,
      ),
    );
}
