import "./lib/zod-config";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { applyTheme, readTheme } from "./lib/theme";
import { markScrollingAreas } from "./lib/scroll-areas";
import { initI18n } from "./lib/i18n";
import { checkStoredSessionEarly } from "./lib/session-api";
import "./index.css";

// Before the first render, so a dark theme never flashes light (no inline script: the CSP forbids it).
applyTheme(readTheme());

// Scroll areas show their scrollbar while they scroll (lib/scroll-areas.ts).
markScrollingAreas();

// The stored session is checked while the page's code loads, not after (lib/session-api.ts).
checkStoredSessionEarly();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element.");
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// English is in this script and ready at once; another language's texts arrive first, so the first
// page is never half in English. If they cannot be fetched, the page shows in English.
void initI18n().then(render, render);
