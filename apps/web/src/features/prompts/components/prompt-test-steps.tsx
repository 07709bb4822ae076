// Shared steps of the prompt library tests: the dialog on its own, with the server's real-shaped
// answers and a toaster, opened by a parent that closes it when asked.
import type { PromptTemplate } from "@tessera/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { Toaster } from "sonner";
import { vi } from "vitest";
import { json, stubFetch } from "@/testing/fetch-stub";
import { PromptLibraryDialog } from "./prompt-library-dialog";

const at = "2025-06-01T10:00:00.000Z";
// A button of the test's own parent, not of the product.
const OPEN_LIBRARY = "Open library";

export function promptFixture(
  over: Partial<PromptTemplate> & Pick<PromptTemplate, "id" | "title">,
): PromptTemplate {
  return {
    description: "",
    content: "Say hello.",
    category: "writing",
    tags: [],
    isPublic: true,
    userId: null,
    usageCount: 0,
    createdAt: at,
    updatedAt: at,
    isSystem: true,
    builtIn: null,
    isOwned: false,
    ...over,
  };
}

export const emailWriter = promptFixture({
  id: "0f000000-0000-4000-8000-000000000001",
  title: "Email Writer",
  description: "A clear, polite email for any purpose.",
  content: "Write a {{tone}} email to {{recipient}} about {{topic}}.",
  category: "business",
  tags: ["email", "communication", "professional"],
  usageCount: 1250,
  builtIn: "email-writer",
});

export const codeReviewer = promptFixture({
  id: "0f000000-0000-4000-8000-000000000002",
  title: "Code Reviewer",
  description: "A thorough review of a piece of code.",
  content: "Review this {{language}} code. List bugs first.\n\n{{code}}",
  category: "coding",
  tags: ["code review", "quality"],
  usageCount: 890,
  builtIn: "code-reviewer",
});

export const myPrompt = promptFixture({
  id: "0f000000-0000-4000-8000-000000000003",
  title: "Standup notes",
  description: "Turn notes into a standup update.",
  content: "Turn my notes into a short standup update with yesterday, today and blockers.",
  category: "business",
  tags: ["work"],
  isPublic: false,
  userId: "u1",
  usageCount: 3,
  isSystem: false,
  isOwned: true,
});

export const sharedPrompt = promptFixture({
  id: "0f000000-0000-4000-8000-000000000004",
  title: "Haiku maker",
  content: "Write a haiku about the sea.",
  category: "creative",
  userId: "u2",
  usageCount: 1,
  isSystem: false,
  isOwned: false,
});

export const allPrompts = [emailWriter, codeReviewer, myPrompt, sharedPrompt];

/** Renders the open library; `onUse` records what it hands over. */
export async function openLibrary(
  routes: Parameters<typeof stubFetch>[0] = {},
  { wait = true, name = "Prompt Library" }: { wait?: boolean; name?: string } = {},
) {
  const server = stubFetch({ "GET /api/prompts": () => json(allPrompts), ...routes });
  const onUse = vi.fn<(text: string) => void>();
  const user = userEvent.setup();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  function Parent() {
    const [open, setOpen] = useState(true);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          {OPEN_LIBRARY}
        </button>
        <PromptLibraryDialog open={open} onOpenChange={setOpen} onUse={onUse} />
      </>
    );
  }
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Parent />
      <Toaster />
    </QueryClientProvider>,
  );
  const dialog = await screen.findByRole("dialog", { name });
  if (wait) await within(dialog).findByRole("list", { name: "Prompts" });
  return { user, server, onUse, dialog, queryClient, ...view };
}

/** The card of one prompt, found by its title. */
export const card = (title: string) => screen.getByRole("article", { name: title });
