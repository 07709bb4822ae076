// Watches a page that shows hostile content (support/hostile-corpus.ts) and says whether any of it
// got loose: a dialog, a new window, a navigation or a request to another origin, a CSP violation,
// a payload's marker, or an element or attribute in the DOM that could run script or load something
// from elsewhere, even for a moment while an answer was still streaming in.
import type { Page } from "@playwright/test";
import { canaryHits, LIVENESS_PROBE } from "./canary-server";
import { expect } from "./fixtures";

declare global {
  interface Window {
    __pwned?: unknown;
    __hostileDom?: string[];
    __cspViolations?: string[];
  }
}

/**
 * Runs in the page before its own scripts (so CSP does not apply to it). Reports every element or
 * attribute that could execute or fetch, as it appears, and every CSP violation.
 */
function watchPage() {
  const found: string[] = (window.__hostileDom = []);
  const violations: string[] = (window.__cspViolations = []);
  document.addEventListener("securitypolicyviolation", (e) =>
    violations.push(
      `${e.violatedDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} ${e.sample}`,
    ),
  );
  // The app's own forms have no action; one with an outside action is caught by its attribute.
  const FORBIDDEN = new Set(["script", "iframe", "frame", "object", "embed", "meta", "base", "link"]);
  const FETCHING = new Set(["src", "srcset", "poster", "data", "action", "formaction", "background"]);
  const LINK_SCHEMES = new Set(["http:", "https:", "mailto:", "tel:"]);
  const resolve = (value: string) => {
    try {
      return new URL(value, location.href);
    } catch {
      return null;
    }
  };
  const describe = (el: Element) => `<${el.localName}> in "${(el.textContent ?? "").slice(0, 60)}"`;
  const checkAttribute = (el: Element, name: string, value: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith("on")) found.push(`${lower} on ${describe(el)}`);
    else if (FETCHING.has(lower) || lower === "xlink:href" || (lower === "href" && el.localName !== "a")) {
      if (resolve(value)?.origin !== location.origin)
        found.push(`${lower}=${value.slice(0, 80)} on ${describe(el)}`);
    } else if (lower === "href") {
      const url = resolve(value);
      if (!url || !LINK_SCHEMES.has(url.protocol)) found.push(`link to ${value.slice(0, 80)}`);
      else if (url.origin !== location.origin && url.protocol.startsWith("http")) {
        const rel = el.getAttribute("rel") ?? "";
        if (!/noopener/.test(rel) || !/noreferrer/.test(rel))
          found.push(`outside link without noopener: ${value}`);
      }
    } else if (lower === "style" && /url\s*\(/i.test(value)) found.push(`style url() on ${describe(el)}`);
  };
  const checkElement = (el: Element) => {
    // The page's own head (its module script, stylesheet, manifest) is not under test.
    if (!document.body?.contains(el)) return;
    if (FORBIDDEN.has(el.localName) || (el.localName === "style" && /url\s*\(/i.test(el.textContent ?? "")))
      found.push(describe(el));
    for (const attr of Array.from(el.attributes)) checkAttribute(el, attr.name, attr.value);
  };
  const checkTree = (node: Node) => {
    if (!(node instanceof Element)) return;
    checkElement(node);
    node.querySelectorAll("*").forEach(checkElement);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "attributes" && record.attributeName && record.target instanceof Element) {
        const value = record.target.getAttribute(record.attributeName);
        if (value !== null && document.body?.contains(record.target))
          checkAttribute(record.target, record.attributeName, value);
      }
      record.addedNodes.forEach(checkTree);
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

function decoded(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

export interface HostileGuard {
  /** Fails with everything that got loose since the page was guarded. */
  expectInert(where: string): Promise<void>;
}

/** Guard a page before it is first opened: call this before the first navigation of the journey. */
export async function guardPage(page: Page): Promise<HostileGuard> {
  const origin = new URL(process.env.TESSERA_E2E_URL!).origin;
  const context = page.context();
  const requests = new Set<string>();
  const escapes: string[] = [];
  const record = (url: string) => requests.add(url);
  page.on("request", (r) => record(r.url()));
  context.on("request", (r) => record(r.url()));
  for (const worker of context.serviceWorkers()) record(worker.url());
  context.on("serviceworker", (worker) => record(worker.url()));
  page.on("websocket", (ws) => record(ws.url()));
  page.on("dialog", (dialog) => {
    escapes.push(`dialog ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  context.on("page", (popup) => escapes.push(`new window: ${popup.url()}`));
  page.on("framenavigated", (frame) => {
    const url = frame.url();
    if (!url.startsWith(origin) && url !== "about:blank") escapes.push(`frame navigated to ${url}`);
  });
  await page.addInitScript(watchPage);

  return {
    async expectInert(where) {
      const state = await page.evaluate(() => ({
        pwned: window.__pwned === undefined ? null : JSON.stringify(window.__pwned),
        title: document.title,
        dom: window.__hostileDom ?? ["the watcher did not run"],
        violations: window.__cspViolations ?? [],
      }));
      const outside = [...requests].filter((url) => new URL(url).origin !== origin);
      // A request to our own server that names the canary would have the server fetch it (the image
      // proxy does that; in this setup its guard refuses loopback, which a public host would not).
      const canaryHost = new URL(process.env.TESSERA_E2E_CANARY_URL!).host;
      const relayed = [...requests].filter(
        (url) => !outside.includes(url) && decoded(url).includes(canaryHost),
      );
      expect(relayed, `${where}: requests asking our server to reach the canary`).toEqual([]);
      expect(escapes, `${where}: dialogs, windows, navigations`).toEqual([]);
      expect(outside, `${where}: requests that left ${origin}`).toEqual([]);
      expect(state.pwned, `${where}: window.__pwned`).toBeNull();
      expect(state.title, `${where}: document.title`).not.toMatch(/PWNED/);
      expect(state.violations, `${where}: CSP violations`).toEqual([]);
      expect(state.dom, `${where}: executable or fetching markup`).toEqual([]);
      const hits = canaryHits(process.env.TESSERA_E2E_CANARY_LOG!).filter((h) => h.url !== LIVENESS_PROBE);
      expect(hits, `${where}: requests the canary received`).toEqual([]);
      expect(new URL(page.url()).origin, `${where}: the page stayed on our origin`).toBe(origin);
    },
  };
}
