// Hostile content through every place the app renders text it did not write: a model's streamed
// answer in chat (and the stored conversation), a comparison card, a document with AI Search's
// sources and overview, and the prompt library's cards. Nothing may run, navigate or leave our origin:
// support/hostile-guard.ts watches the page, its network log and a canary server on another address.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { canaryHits, LIVENESS_PROBE } from "../support/canary-server";
import { fillComparison } from "../support/compare-steps";
import { bearer, chooseModel, expect, signUpAndVerify, test } from "../support/fixtures";
import {
  FENCED_CODE_HTML,
  HOSTILE_MODEL,
  INLINE_CODE_HTML,
  SHORT_PAYLOADS,
  hostileCorpus,
} from "../support/hostile-corpus";
import { guardPage, type HostileGuard } from "../support/hostile-guard";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

const canary = () => process.env.TESSERA_E2E_CANARY_URL!;
const QUESTION = "What does the Quillmoor canary payload ledger hold?";

// The page is guarded before its first navigation, so the sign-up is watched too.
const guarded = test.extend<{ guard: HostileGuard }>({
  guard: async ({ page }, use) => use(await guardPage(page)),
  signedIn: async ({ page, account, guard: _guard }, use) => {
    await signUpAndVerify(page, account);
    await use(page);
  },
});

test.beforeAll(async () => {
  // The canary is listening and logs what reaches it (the guard ignores this probe).
  const res = await fetch(`${canary()}${LIVENESS_PROBE}`);
  expect(res.status).toBe(200);
  const hits = canaryHits(process.env.TESSERA_E2E_CANARY_LOG!);
  expect(hits.map((h) => h.url)).toContain(LIVENESS_PROBE);
});

/** The rendered corpus: code shows the HTML as written, raw HTML is plain text, links are inert. */
async function expectRenderedAsText(markdown: Locator) {
  await expect(markdown.locator("code", { hasText: INLINE_CODE_HTML })).toHaveText(INLINE_CODE_HTML);
  await expect(markdown.locator("pre code").first()).toContainText(FENCED_CODE_HTML);
  await expect(markdown.locator("pre code").last()).toContainText(`<iframe src="javascript:`);
  await expect(markdown).toContainText(
    `<script>window.__pwned='script';document.title='PWNED script'</script>`,
  );
  await expect(markdown).toContainText(`<svg onload="window.__pwned='svg-onload'">`);
  await expect(markdown.getByRole("link", { name: "javascript link", exact: true })).toHaveAttribute(
    "href",
    "#",
  );
  await expect(markdown.getByRole("link", { name: "entity link", exact: true })).toHaveAttribute("href", "#");
  await expect(markdown.getByRole("link", { name: "data html link", exact: true })).toHaveAttribute(
    "href",
    "#",
  );
  await expect(markdown.getByRole("link", { name: "reference link", exact: true })).toHaveAttribute(
    "href",
    "#",
  );
  await expect(markdown.locator("img")).toHaveCount(0);
}

/** Clicking each inert link does nothing: no navigation, no script. */
async function clickInertLinks(page: Page, markdown: Locator) {
  const before = page.url();
  const inert = markdown.locator("a[aria-disabled='true']");
  expect(await inert.count()).toBeGreaterThanOrEqual(10);
  // Forced: an inert link is aria-disabled, which Playwright otherwise waits out; a person can click it.
  for (const link of await inert.all()) await link.click({ force: true });
  expect(page.url()).toBe(before);
}

guarded(
  "chat: a hostile model's streamed answer and the stored conversation stay inert",
  async ({ signedIn: page, guard }) => {
    await chooseModel(page, HOSTILE_MODEL);

    const box = page.getByRole("textbox", { name: "Message", exact: true });
    const asked = `${QUESTION} ${SHORT_PAYLOADS.join(" ")}`;
    await box.fill(asked);
    await box.press("Enter");
    const answer = page.getByRole("article", { name: `${HOSTILE_MODEL} said`, exact: true });
    // Part way: the stream has delivered some of the tags, cut in the middle.
    await expect(answer.locator(".markdown")).toContainText("Raw HTML", { timeout: 20_000 });
    await guard.expectInert("chat while streaming");
    await expect(answer.getByText(/ tokens$/)).toBeVisible({ timeout: 40_000 });
    const markdown = answer.locator(".markdown");
    await expect(markdown).toContainText("footnote link");
    await expectRenderedAsText(markdown);
    await expect(page.getByRole("article", { name: "You said", exact: true })).toContainText(
      SHORT_PAYLOADS[0]!,
    );
    await answer.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, "hostile-chat.png") });
    await clickInertLinks(page, markdown);
    await guard.expectInert("chat answer");

    // Read back from the server: the stored answer renders the same way.
    await expect(page).toHaveURL(/\?conversation=[0-9a-f-]{36}$/);
    await page.reload();
    const stored = page
      .getByRole("article", { name: `${HOSTILE_MODEL} said`, exact: true })
      .locator(".markdown");
    await expect(stored).toContainText("footnote link");
    await expectRenderedAsText(stored);
    await expect(page.getByRole("link", { name: new RegExp("Quillmoor canary payload") })).toBeVisible();
    await guard.expectInert("stored conversation");
  },
);

guarded(
  "compare: the hostile model beside another stays inert, live and stored",
  async ({ signedIn: page, guard }) => {
    await page.goto("/dashboard/compare?new=1");
    const dialog = await fillComparison(page, QUESTION, [HOSTILE_MODEL, "alpha-7b"]);
    await dialog.getByRole("button", { name: "Compare Models", exact: true }).click();
    const answers = dialog.getByRole("region", { name: "Answers", exact: true });
    const hostile = answers.getByRole("article", { name: HOSTILE_MODEL, exact: true });
    for (const card of [hostile, answers.getByRole("article", { name: "alpha-7b", exact: true })])
      await expect(card).toHaveAttribute("data-status", "complete", { timeout: 40_000 });
    await expectRenderedAsText(hostile.locator(".markdown"));
    await page.screenshot({ path: join(shots, "hostile-compare.png") });
    await guard.expectInert("comparison");

    await page.keyboard.press("Escape");
    await page
      .getByRole("list", { name: "Your comparisons", exact: true })
      .getByRole("link", { name: /Quillmoor/ })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/compare\/[0-9a-f-]{36}$/);
    await expectRenderedAsText(
      page.getByRole("article", { name: HOSTILE_MODEL, exact: true }).locator(".markdown"),
    );
    await guard.expectInert("stored comparison");
  },
);

guarded(
  "search: a hostile document, its page, sources and the overview quoting it stay inert",
  async ({ signedIn: page, guard }) => {
    const title = `Quillmoor canary ledger ${SHORT_PAYLOADS[0]}`;
    const res = await page.request.post("/api/documents", {
      data: { title, content: hostileCorpus(canary()) },
      headers: await bearer(page),
    });
    expect(res.ok(), await res.text()).toBe(true);
    const { id } = (await res.json()) as { id: string };

    await page.goto("/dashboard/documents");
    await expect(
      page
        .getByRole("list", { name: "Documents", exact: true })
        .getByRole("listitem", { name: title, exact: true }),
    ).toBeVisible();
    await guard.expectInert("documents list");

    await page.goto(`/dashboard/documents/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: title, exact: true })).toBeVisible();
    await expectRenderedAsText(
      page.getByRole("article", { name: "Document text", exact: true }).locator(".markdown"),
    );
    await guard.expectInert("document page");

    await page.goto("/dashboard/jigsaw-search");
    await page.getByRole("searchbox", { name: "Search", exact: true }).fill(QUESTION);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const result = page.getByRole("article", { name: QUESTION, exact: true });
    await expect(result.getByTestId("search-status")).toHaveText(/^Done/, { timeout: 30_000 });
    const sources = result.getByRole("region", { name: "Sources", exact: true });
    await expect(sources.getByRole("link", { name: `${title} (part 1)`, exact: true })).toBeVisible();
    await expect(sources).toContainText("Quillmoor canary payload");
    const overview = result.getByRole("region", { name: "AI overview", exact: true });
    // Tessera Local quotes the matching sentences, payloads and all, as text.
    await expect(overview).toContainText("Quillmoor canary payload");
    await expect(overview).toContainText(/<(script|img|svg|iframe)/);
    await page.screenshot({ path: join(shots, "hostile-search.png"), fullPage: true });
    await guard.expectInert("search results");

    await page.goto("/dashboard/tessera-search");
    await page.getByPlaceholder("Ask anything...").fill(QUESTION);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const simple = page.getByRole("region", { name: "Answer", exact: true });
    await expect(simple).toHaveAttribute("aria-busy", "false", { timeout: 30_000 });
    await expect(simple).toContainText("Quillmoor canary payload");
    await guard.expectInert("simple search answer");
  },
);

guarded(
  "prompts: a hostile personal prompt's card, and using it, stay inert",
  async ({ signedIn: page, guard }) => {
    const title = `Quillmoor ${SHORT_PAYLOADS[0]} ![x](${canary()}/prompt-title)`;
    const res = await page.request.post("/api/prompts", {
      data: {
        title,
        description: `${SHORT_PAYLOADS.join(" ")} [d](javascript:window.__pwned='description')`,
        content: hostileCorpus(canary()),
        category: "writing",
        tags: SHORT_PAYLOADS,
      },
      headers: await bearer(page),
    });
    expect(res.status(), await res.text()).toBe(201);

    await page.reload();
    await page.getByRole("button", { name: "Prompt library", exact: true }).click();
    const library = page.getByRole("dialog", { name: "Prompt Library", exact: true });
    const card = library.getByRole("article", { name: title, exact: true });
    await expect(card).toBeVisible();
    await expect(card.getByRole("heading")).toHaveText(title);
    await expect(card).toContainText(`${SHORT_PAYLOADS[0]} ${SHORT_PAYLOADS[1]}`);
    await expect(
      card.getByRole("list", { name: "Tags", exact: true }).getByRole("listitem").first(),
    ).toHaveText(`#${SHORT_PAYLOADS[0]}`);
    await expect(card).toContainText("Quillmoor canary payload script: <script>");
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, "hostile-prompt-card.png"), animations: "disabled" });
    await guard.expectInert("prompt card");

    // Used: its text goes into the message box and, sent, shows in the conversation as written.
    await card.getByRole("button", { name: "Use Prompt", exact: true }).click();
    await expect(library).toBeHidden();
    const box = page.getByRole("textbox", { name: "Message", exact: true });
    await expect(box).toHaveValue(hostileCorpus(canary()));
    await box.press("Enter");
    await expect(page.getByRole("article", { name: "You said", exact: true })).toContainText(
      INLINE_CODE_HTML,
    );
    await expect(
      page.getByRole("article", { name: "Tessa said", exact: true }).getByText(/ tokens$/),
    ).toBeVisible({
      timeout: 20_000,
    });
    await guard.expectInert("prompt used in chat");
  },
);
