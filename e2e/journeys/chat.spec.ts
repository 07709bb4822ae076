// The chat page against the built app with no model keys: Tessa answers with the built-in engine.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page, Request } from "@playwright/test";
import { SCROLLBAR_HIDE_DELAY_MS } from "@tessera/contracts";
import { ALPHA_TEXT, BETA_TEXT, EPIC_MODEL, SAGA_END, SAGA_MODEL } from "../support/e2e-models";
import { chooseModel, expect, test } from "../support/fixtures";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

// A 16×16 gradient, small enough to keep here.
const PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAABz0lEQVR42g3Loc6GIBiA0f9ev+0pRKORaCQQHOlNjGBwJJIjGBzpTc5gIpm8g9/Tz9+P1/AOvCOv5Z14He/MK7yJd+UtvJX34FXei/fvx2N4Bp6Rx/JMPI5n5hGexLPyFJ7Kc/Aoz8XzhW7oA32kW/pEd/SZLvREX+mFXukHXekX/Qu34R64R27LPXE77plbuBP3yl24K/fBrdwX9xdOwzlwjpyWc+J0nDOncCbOlbNwVs6DUzkvzi+oQQd0RC06oQ6dUUETuqIFreiBKnqhX2iGNtBGmqVNNEebaUJLtJVWaJV20JR20b6wG/aBfWS37BO7Y5/ZhT2xr+yFvbIf7Mp+sX9hM2wD28hm2SY2xzazCVtiW9kKW2U72JTtYvtCMZSBMlIsZaI4ykwRSqKslEKplIOilIvyhWzIA3kkW/JEduSZLOREXsmFXMkHWckX+QuLYRlYRhbLMrE4lplFWBLLylJYKsvBoiwXyxeiIQ7EkWiJE9ERZ6IQE3ElFmIlHkQlXsQviEEGZEQsMiEOmRFBErIiBanIgShyIV8IhjAQRoIlTARHmAlCSISVUAiVcBCUcBG+4A1+wI94i5/wDj/jBZ/wK77gK/7AK/7C/wM53skQ0+8lEAAAAABJRU5ErkJggg==";

const CODE_QUESTION = "Which model should I use for code?";

async function ask(page: Page, prompt: string) {
  const box = page.getByRole("textbox", { name: "Message", exact: true });
  await box.fill(prompt);
  await box.press("Enter");
}

/** The last answer, once its footer is there (it comes when the answer is shown whole). */
async function completeAnswer(page: Page) {
  const answer = page.getByRole("article", { name: "Tessa said", exact: true }).last();
  await expect(answer.getByText(/ tokens$/)).toBeVisible({ timeout: 20_000 });
  return answer;
}

test("ask Tessa, find the conversation after a reload, open it and delete it", async ({ signedIn: page }) => {
  test.slow(); // an answer, the model picker and three page loads, each seconds on a loaded machine
  await expect(page.getByRole("heading", { name: "Just Ask Tessa", exact: true })).toBeVisible();
  await expect(page.getByText("No conversations yet")).toBeVisible();
  await page.screenshot({ path: join(shots, "chat-welcome.png") });

  await page.getByRole("button", { name: /Chat with the guide/ }).click();
  await ask(page, CODE_QUESTION);
  const answer = await completeAnswer(page);
  await expect(answer).toContainText("For code, pick");
  const sources = answer.getByRole("region", { name: "Sources", exact: true }).getByRole("link");
  await expect(sources.first()).toBeVisible();
  await expect(page).toHaveURL(/\?conversation=[0-9a-f-]{36}$/);
  await expect(page.getByRole("link", { name: new RegExp(CODE_QUESTION) })).toBeVisible();
  await page.screenshot({ path: join(shots, "chat-answer.png") });

  await page.getByRole("button", { name: "Toggle theme", exact: true }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.screenshot({ path: join(shots, "chat-dark.png") });
  await page.getByRole("button", { name: "Toggle theme", exact: true }).click();

  await page.getByRole("button", { name: /^Choose model: / }).click();
  const picker = page.getByRole("dialog", { name: "Select AI Model", exact: true });
  await expect(picker.getByRole("button", { name: /^Tessa/ })).toContainText("Selected");
  await expect(picker.getByRole("button", { name: /^GPT-5/ }).first()).toBeDisabled();
  await page.screenshot({ path: join(shots, "model-picker.png") });
  await page.keyboard.press("Escape");

  await page.goto("/dashboard/chat");
  await expect(page.getByRole("heading", { name: "Just Ask Tessa", exact: true })).toBeVisible();
  const item = page.getByRole("link", { name: new RegExp(CODE_QUESTION) });
  await item.click();
  await expect(page).toHaveURL(/\?conversation=/);
  await expect(page.getByRole("article", { name: "Tessa said", exact: true })).toContainText(
    "For code, pick",
  );
  await expect(page.getByRole("article", { name: "You said", exact: true })).toContainText(CODE_QUESTION);

  await page.getByRole("button", { name: `Delete conversation: ${CODE_QUESTION}`, exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("Conversation deleted")).toBeVisible();
  await expect(item).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\/chat$/);
  await page.reload();
  await expect(page.getByText("No conversations yet")).toBeVisible({ timeout: 30_000 });
});

/**
 * Asks a long question and presses Stop the moment the answer's first words arrive. False when the
 * answer was already whole by the time its text was on screen (no Stop left to press).
 */
async function askAndStop(page: Page): Promise<boolean> {
  // The built-in engine streams a whole answer in a few hundred milliseconds, faster than a round
  // trip from the test runner; so Stop is clicked in the page itself, as soon as the answer's text
  // block appears (its first words have arrived).
  const stopped = page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const observer = new MutationObserver(() => {
          const arrived = document.querySelector("[aria-label='Tessa said'] .markdown");
          if (!arrived) return;
          observer.disconnect();
          // Stop shows from the moment the question is sent until the answer is whole.
          const stop = document.querySelector<HTMLButtonElement>("button[aria-label='Stop']");
          stop?.click();
          resolve(stop !== null);
        });
        observer.observe(document.body, { subtree: true, childList: true });
      }),
  );
  await ask(page, "Tell me everything about choosing a model and chat basics");
  return stopped;
}

test("Regenerate answers the last question again with the model chosen now, and Edit in new words, also after a reload", async ({
  signedIn: page,
}) => {
  test.slow(); // three answers and two reloads
  await page.getByRole("button", { name: /Chat with the guide/ }).click();
  await ask(page, CODE_QUESTION);
  const first = await completeAnswer(page);
  await expect(first).toContainText("For code, pick");
  await expect(page).toHaveURL(/\?conversation=[0-9a-f-]{36}$/);

  // Another model, then Regenerate: its answer takes Tessa's place under the same question.
  await chooseModel(page, "alpha-7b");
  await first.getByRole("button", { name: "Regenerate", exact: true }).click();
  const again = page.getByRole("article", { name: "alpha-7b said", exact: true });
  await expect(again.getByText(/ tokens$/)).toBeVisible({ timeout: 20_000 });
  await expect(again.locator(".markdown")).toHaveText(ALPHA_TEXT, { timeout: 20_000 });
  const log = page.getByRole("log", { name: "Messages", exact: true });
  await expect(log.getByRole("article")).toHaveCount(2);
  await expect(log.getByText("For code, pick")).toHaveCount(0);
  // Tessa's answer can be read again under the new one.
  await again.getByRole("button", { name: "Earlier answers", exact: true }).click();
  const earlier = again.getByRole("region", { name: "Earlier answers", exact: true });
  await expect(earlier.getByRole("listitem", { name: /^Earlier answer/ })).toHaveCount(1);
  await expect(earlier).toContainText("Tessa");
  await expect(earlier).toContainText("For code, pick");
  await page.screenshot({ path: join(shots, "chat-regenerated.png") });

  // As stored: the question and the new answer alone.
  await page.reload();
  await expect(again.locator(".markdown")).toHaveText(ALPHA_TEXT, { timeout: 15_000 });
  await expect(log.getByRole("article")).toHaveCount(2);
  await expect(log.getByRole("article", { name: "You said", exact: true })).toContainText(CODE_QUESTION);
  await expect(again.getByRole("button", { name: "Regenerate", exact: true })).toBeVisible();

  // Edit the question: beta-13b answers the new words, in place of both.
  await chooseModel(page, "beta-13b");
  const question = log.getByRole("article", { name: "You said", exact: true });
  await question.getByRole("button", { name: "Edit", exact: true }).click();
  const words = question.getByRole("textbox", { name: "Question", exact: true });
  await words.fill("What is recursion, briefly?");
  await page.screenshot({ path: join(shots, "chat-edit-question.png") });
  await words.press("Enter");
  const edited = page.getByRole("article", { name: "beta-13b said", exact: true });
  await expect(edited.getByText(/ tokens$/)).toBeVisible({ timeout: 20_000 });
  // The first question, edited, names the conversation anew.
  const conversations = page.getByRole("navigation", { name: "Conversations", exact: true });
  await expect(conversations.getByRole("link", { name: /What is recursion, briefly\?/ })).toBeVisible();
  await expect(conversations.getByRole("link", { name: new RegExp(CODE_QUESTION) })).toHaveCount(0);
  await page.reload();
  await expect(edited.locator(".markdown")).toHaveText(BETA_TEXT, { timeout: 15_000 });
  await expect(log.getByRole("article")).toHaveCount(2);
  await expect(question).toContainText("What is recursion, briefly?");
});

test("Stop keeps the partial answer and '[Response interrupted]', also after a reload", async ({
  signedIn: page,
}) => {
  test.slow(); // up to three answers, each with a reload
  for (let attempt = 1; ; attempt++) {
    if (await askAndStop(page)) {
      const answer = page.getByRole("article", { name: "Tessa said", exact: true });
      await expect(page.getByRole("button", { name: "Send", exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\?conversation=/);
      // Shown at once with what the page had, then as the server stored it once Stop's request has
      // answered (the words on their way included), with its token estimate.
      await expect(answer.getByText(/ tokens$/)).toBeVisible();
      const shown = await answer.locator(".markdown").innerText();

      // A reload shows the same answer, as stored (its footer came from the server). One reload, waited
      // for: on a loaded machine the page takes many seconds to come back, and reloading again
      // whenever it was not back yet would start it over each time.
      await page.reload();
      await expect(answer).toBeVisible({ timeout: 30_000 });
      await expect(answer.locator(".markdown")).toHaveText(shown);
      if (shown.includes("[Response interrupted]")) {
        expect(shown).toMatch(/\w+[^]*\[Response interrupted\]$/);
        break;
      }
    }
    // On a busy machine the whole answer can be written before Stop is pressed or reaches the server
    // (it then keeps the complete answer, which loses nothing). Try again in a new chat, a few times at most.
    expect(attempt, "every answer was whole before Stop took effect").toBeLessThan(3);
    await page.getByRole("button", { name: "New", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/chat$/);
  }
});

test("an answer goes on after a reload and after leaving its chat, and Stop still ends it", async ({
  signedIn: page,
}) => {
  test.slow(); // two long answers
  const answer = page.getByRole("article", { name: `${SAGA_MODEL} said`, exact: true });
  const stop = page.getByRole("button", { name: "Stop", exact: true });

  // Reloaded mid-answer: the answer is still being written, shown as it grows, and ends whole.
  await chooseModel(page, SAGA_MODEL);
  await ask(page, "Tell me the saga");
  await expect(answer.locator(".markdown")).toContainText("Chapter 2 of the saga.", { timeout: 20_000 });
  await expect(page).toHaveURL(/\?conversation=/);
  const relayed = page.waitForResponse((r) => r.url().endsWith("/follow") && r.status() === 200);
  // Reads of the stored answer while it is followed (the page's own opening read asks for more).
  const storedReads: string[] = [];
  const noteRead = (r: Request) => {
    if (/\/messages\?limit=5$/.test(r.url())) storedReads.push(r.url());
  };
  page.on("request", noteRead);
  await page.reload();
  await expect(answer.locator(".markdown")).toContainText("Chapter 1 of the saga.", { timeout: 10_000 });
  await expect(stop).toBeVisible();
  await relayed;
  await page.screenshot({ path: join(shots, "chat-answer-followed-after-reload.png") });
  await expect(answer.locator(".markdown")).toContainText(SAGA_END, { timeout: 30_000 });
  await expect(stop).toBeHidden();
  // Relayed token by token by the server that writes it, its stored form was read once, when it
  // ended (read once a second instead, it would have been read for each of the seconds it ran on).
  page.off("request", noteRead);
  expect(storedReads).toHaveLength(1);
  await expect(answer.locator(".markdown")).not.toContainText("[Response interrupted]");
  const saga = page.url();

  // Left for a new chat mid-answer, then opened again: still going, and Stop ends it. The epic runs
  // for minutes, so however long the way back takes, Stop is pressed while it is being written.
  const epic = page.getByRole("article", { name: `${EPIC_MODEL} said`, exact: true });
  await chooseModel(page, EPIC_MODEL);
  await ask(page, "Now the epic");
  await expect(epic.locator(".markdown")).toContainText("Verse 2 of the epic.", { timeout: 20_000 });
  await page.getByRole("button", { name: "New", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/chat$/);
  await page.goto(saga);
  await expect(answer).toHaveCount(1, { timeout: 10_000 });
  await expect(epic.locator(".markdown")).toContainText("Verse 3 of the epic.", { timeout: 10_000 });
  await expect(stop).toBeVisible();
  await stop.click();
  await expect(epic.locator(".markdown")).toContainText("[Response interrupted]");
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeVisible();
  // Then shown as the server stored it (with its token estimate): what it had written when Stop came.
  await expect(epic.getByTitle("Estimated tokens")).toBeVisible();
  await page.screenshot({ path: join(shots, "chat-answer-stopped-after-coming-back.png") });
  const shown = await epic.locator(".markdown").innerText();
  // Stored as stopped: a reload shows the same answer, ended, far short of the epic's end.
  await page.reload();
  await expect(epic.locator(".markdown")).toContainText("[Response interrupted]", { timeout: 10_000 });
  await expect(stop).toBeHidden();
  expect(await epic.locator(".markdown").innerText()).toBe(shown);
  expect(verses(shown)).toBeLessThan(1_000);
});

test("an answer whose stream is cut off is followed to its end, as the server stored it", async ({
  signedIn: page,
}) => {
  // The stream reaches the page cut off after its first words, with no closing event, as a proxy or
  // a dropped connection would leave it; the server wrote the whole answer all the same.
  let asked = 0;
  await page.route("**/api/chat-stream", async (route) => {
    asked += 1;
    const response = await route.fetch();
    const events = (await response.text()).split("\n\n");
    const firstWords = events.findIndex((e) => e.includes('"type":"chunk"'));
    await route.fulfill({ response, body: `${events.slice(0, firstWords + 1).join("\n\n")}\n\n` });
  });
  await ask(page, CODE_QUESTION);
  await expect(page.getByText("Reconnecting...", { exact: true })).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: join(shots, "chat-reconnecting.png") });
  const answer = await completeAnswer(page);
  await expect(answer).toContainText("For code, pick");
  // The whole of it, with its sources, though the page was sent its first words alone.
  await expect(answer).toContainText("DeepSeek V3");
  await expect(
    answer.getByRole("region", { name: "Sources", exact: true }).getByRole("link").first(),
  ).toBeVisible();
  await expect(answer.getByRole("button", { name: "Regenerate", exact: true })).toBeVisible();
  // The question stayed, the box was not given it back, and it was asked once.
  await expect(page.getByRole("article", { name: "You said", exact: true })).toContainText(CODE_QUESTION);
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("");
  expect(asked).toBe(1);
  await expect(page.getByText("Failed to send message", { exact: false })).toHaveCount(0);
});

/** How many verses of the epic a shown answer holds. */
const verses = (text: string) => text.match(/Verse \d+ of the epic\./g)?.length ?? 0;

test("attach a picture and a text file, send, and see the thumbnail and a complete answer", async ({
  signedIn: page,
}) => {
  await page.getByTestId("chat-file-input").setInputFiles([
    { name: "gradient.png", mimeType: "image/png", buffer: Buffer.from(PNG_BASE64, "base64") },
    {
      name: "notes.md",
      mimeType: "text/markdown",
      buffer: Buffer.from("# Notes\nHow do attachments work?\n"),
    },
  ]);
  const chips = page.getByRole("list", { name: "Attachments", exact: true });
  await expect(chips).toContainText("gradient.png");
  await expect(chips).toContainText("notes.md");
  await expect(chips.getByText("Text", { exact: true })).toBeVisible();

  await ask(page, "How do attachments work in chat?");
  const log = page.getByRole("log", { name: "Messages", exact: true });
  const thumbnail = log.getByRole("img", { name: "gradient.png", exact: true });
  await expect(thumbnail).toBeVisible();
  await expect(thumbnail).toHaveAttribute("src", /^\/files\//);
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(16);
  await expect(log.getByRole("article", { name: "You said", exact: true })).toContainText("notes.md");
  const answer = await completeAnswer(page);
  await expect(answer.locator(".markdown")).toHaveText(/\S/);
});

test("the message box grows with its text up to 200 px, then scrolls, and shrinks back", async ({
  signedIn: page,
}) => {
  const box = page.getByRole("textbox", { name: "Message", exact: true });
  const height = () => box.evaluate((el) => el.getBoundingClientRect().height);
  const empty = await height();
  expect(empty).toBeGreaterThan(40);
  expect(empty).toBeLessThan(64);

  await box.fill("one\ntwo\nthree");
  const three = await height();
  expect(three).toBeGreaterThan(empty + 20);
  expect(await box.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1); // all of it shown

  await box.fill(Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join("\n"));
  expect(await height()).toBeCloseTo(200, 0);
  expect(await box.evaluate((el) => el.scrollHeight)).toBeGreaterThan(400); // the rest scrolls
  await page.screenshot({ path: join(shots, "chat-composer-full.png") });

  await box.fill("");
  expect(await height()).toBeCloseTo(empty, 0);
});

test("while an answer is written, the person can scroll up to read, a little at a time, and it follows again at the end", async ({
  signedIn: page,
}) => {
  test.slow(); // a long answer, followed, left and followed again while it is written
  // A phone-sized window, so that the answer outgrows the view within seconds.
  await page.setViewportSize({ width: 420, height: 640 });
  const epic = page.getByRole("article", { name: `${EPIC_MODEL} said`, exact: true });
  // The element that scrolls: the message log's parent.
  const scroller = page.getByRole("log", { name: "Messages", exact: true }).locator("..");
  const fromEnd = () => scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
  const scrollable = () => scroller.evaluate((el) => el.scrollHeight - el.clientHeight);
  await chooseModel(page, EPIC_MODEL);
  await ask(page, "The epic, please");
  await expect.poll(scrollable, { timeout: 30_000 }).toBeGreaterThan(400);
  // Followed to the end as it grows.
  await expect.poll(fromEnd).toBeLessThan(2);

  // Small wheel steps upward, as a touchpad sends them, while the text keeps coming: each one is the
  // person's, so none is undone by the next piece of the answer.
  // The pointer over the middle of the list's visible part.
  const view = (await scroller.boundingBox())!;
  await page.mouse.move(view.x + view.width / 2, view.y + view.height / 2);
  for (let i = 0; i < 10; i++) {
    await page.mouse.wheel(0, -30);
    await page.waitForTimeout(80);
  }
  const left = await fromEnd();
  expect(left).toBeGreaterThan(200);
  const versesThen = verses(await epic.innerText());
  await expect.poll(async () => verses(await epic.innerText())).toBeGreaterThan(versesThen + 4);
  // Still where the person took it: the answer grew below the view.
  expect(await fromEnd()).toBeGreaterThan(left);
  // Back down by wheel, it follows again; up once more, it does not.
  await page.mouse.wheel(0, 100_000);
  await expect.poll(fromEnd).toBeLessThan(2);
  await page.mouse.wheel(0, -300);
  await expect.poll(fromEnd).toBeGreaterThan(250);
  await page.screenshot({ path: join(shots, "chat-scrolled-up-while-answering.png") });

  // The way back is offered; taken, the list is at the end and follows it again.
  const latest = page.getByRole("button", { name: "Go to the latest message", exact: true });
  await latest.click();
  await expect(latest).toBeHidden();
  await expect.poll(fromEnd).toBeLessThan(2);
  const versesBack = verses(await epic.innerText());
  await expect.poll(async () => verses(await epic.innerText())).toBeGreaterThan(versesBack + 4);
  expect(await fromEnd()).toBeLessThan(2);

  await page.getByRole("button", { name: "Stop", exact: true }).click();
  await expect(epic.locator(".markdown")).toContainText("[Response interrupted]");

  // Its scrollbar shows while it scrolls and hides SCROLLBAR_HIDE_DELAY_MS after, the pointer elsewhere.
  await page.mouse.move(5, 5);
  const thumb = () => scroller.evaluate((el) => getComputedStyle(el).scrollbarColor.split(" rgb")[0]);
  await expect.poll(thumb).toBe("rgba(0, 0, 0, 0)");
  const shown = await scroller.evaluate(
    (scroller) =>
      new Promise<{ whileScrolling: string; hiddenAfterMs: number }>((resolve) => {
        let whileScrolling = "";
        scroller.addEventListener(
          "scroll",
          () => (whileScrolling ||= getComputedStyle(scroller).scrollbarColor),
          {
            once: true,
          },
        );
        scroller.addEventListener(
          "scrollend",
          () => {
            const ended = performance.now();
            const watch = () => {
              if (getComputedStyle(scroller).scrollbarColor.startsWith("rgba(0, 0, 0, 0)"))
                resolve({ whileScrolling, hiddenAfterMs: performance.now() - ended });
              else requestAnimationFrame(watch);
            };
            requestAnimationFrame(watch);
          },
          { once: true },
        );
        scroller.scrollTop -= 200;
      }),
  );
  expect(shown.whileScrolling).not.toMatch(/^rgba\(0, 0, 0, 0\)/);
  expect(shown.hiddenAfterMs).toBeGreaterThanOrEqual(SCROLLBAR_HIDE_DELAY_MS - 20);
  expect(shown.hiddenAfterMs).toBeLessThan(SCROLLBAR_HIDE_DELAY_MS + 2_000);
});
