import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { changeLanguage } from "@/lib/i18n";
import { stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";

async function open(path: string, title: string) {
  stubFetch();
  renderApp(path);
  await screen.findByRole("heading", { level: 1, name: title }, { timeout: 3000 });
}

/** Every contents entry points at a heading on the page. */
function expectContentsToResolve(name = "Contents") {
  const contents = screen.getByRole("navigation", { name });
  const links = within(contents).getAllByRole("link");
  expect(links.length).toBeGreaterThan(8);
  for (const link of links) {
    const target = document.getElementById(link.getAttribute("href")!.slice(1));
    expect(target?.tagName).toBe("H2");
    expect(target?.textContent).toContain(link.textContent.replace(/^\d+\./, ""));
  }
}

describe("legal pages", () => {
  it("the terms set their title, carry the date and cover plans and refunds", async () => {
    await open("/terms", "Terms of Service");
    await waitFor(() => expect(document.title).toBe("Terms of Service | Tessera"));
    expect(screen.getByText("December 2024").getAttribute("datetime")).toBe("2024-12");
    expectContentsToResolve();
    const plans = screen.getByRole("region", { name: "Plans, trials and billing" });
    expect(plans.textContent).toContain("30-day money-back guarantee");
    expect(plans.textContent).toContain("Pro costs $19");
    expect(screen.getByRole("region", { name: "AI answers and generated content" }).textContent).toContain(
      "can be wrong",
    );
  });

  it("the privacy policy sets its title, carries the date and says what leaves the instance", async () => {
    await open("/privacy", "Privacy Policy");
    await waitFor(() => expect(document.title).toBe("Privacy Policy | Tessera"));
    expect(screen.getByText(/Last updated/).textContent).toBe("Last updated: December 2024");
    expectContentsToResolve();
    const providers = screen.getByRole("region", { name: "What goes to model and search providers" });
    expect(providers.textContent).toContain("nothing leaves this instance");
    expect(screen.getByRole("region", { name: "Cookies and local storage" }).textContent).toContain(
      "session token",
    );
    const changes = screen.getByRole("region", { name: "Changes to this policy" });
    expect(within(changes).getByRole("link", { name: "Terms of Service" }).getAttribute("href")).toBe(
      "/terms",
    );
  });

  it("the terms read in German, their date and prices written the German way", async () => {
    await changeLanguage("de");
    await open("/terms", "Nutzungsbedingungen");
    expect(screen.getByText(/Zuletzt aktualisiert/).textContent).toBe("Zuletzt aktualisiert: Dezember 2024");
    expect(screen.getByText("Dezember 2024").getAttribute("datetime")).toBe("2024-12");
    expectContentsToResolve("Inhalt");
    const plans = screen.getByRole("region", { name: "Tarife, Testphasen und Abrechnung" });
    expect(plans.textContent).toContain("Pro kostet 19\u00a0$");
    expect(plans.textContent).toContain("30-Tage-Geld-zurück-Garantie");
    expect(within(plans).getByRole("link", { name: "Preise" }).getAttribute("href")).toBe("/pricing");
  });
});
