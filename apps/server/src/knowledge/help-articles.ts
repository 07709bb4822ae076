// Help articles that ship with Tessera: what Tessera Local answers "how do I…" questions from. The
// English ones are below; each other language's are in help/<language>.json, keyed by slug.
import type { LanguageCode } from "@tessera/contracts";
import { sql, type SQL } from "drizzle-orm";
import { knowledgePassages, profiles } from "../db/schema";
import ar from "./help/ar.json";
import de from "./help/de.json";
import es from "./help/es.json";
import fr from "./help/fr.json";
import ja from "./help/ja.json";
import ptBR from "./help/pt-BR.json";
import zhCN from "./help/zh-CN.json";

export interface HelpArticle {
  slug: string;
  title: string;
  body: string;
}

export const HELP_ARTICLES: readonly HelpArticle[] = [
  {
    slug: "getting-started",
    title: "Getting started with Tessera",
    body: "Tessera is one workspace for many AI models. Create an account with your email, open the link in the verification mail, and you land in AI Chat. Ask Tessa, the guide, anything about the workspace, or pick a model with the model picker beside the message box. The sidebar leads to the dashboard, AI Search, AI Voice, AI Images and Settings; press Ctrl+B (Cmd+B on a Mac) to collapse it.",
  },
  {
    slug: "choosing-a-model",
    title: "Choosing a model",
    body: "Open the model picker next to the message box to see every model, grouped into Tessera's own models, Industry Leaders and Open Source. Models marked Vision can read images you attach. Models marked Research search the web and read the top three sources before answering, and list those sources under the answer. A model your server has no provider for is shown as unavailable together with the setting that enables it. Tessa picks well for most questions; ask her which model suits a task.",
  },
  {
    slug: "chat-basics",
    title: "Chatting: sending, stopping, regenerating, editing and attachments",
    body: "Press Enter to send and Shift+Enter for a new line. While an answer streams you can press Stop; the text that arrived so far is kept and marked [Response interrupted]. Attach images up to 10 MB for vision models, and text files such as .txt, .md, .csv and .json, or PDFs: their text is read and the first 2,000 characters are sent with your message. Each answer shows its sources and an estimate of the tokens it used. Regenerate, under the last answer, asks the question again with the model chosen now (choose another one first to hear a second opinion), and Edit, under your last question, asks it again in new words (Enter sends, Escape leaves it): the new answer takes the old one's place, and should it fail, or be stopped before its first word, what it replaced comes back. Editing a conversation's first question renames the conversation after it too, unless you renamed it yourself. Earlier answers, under a regenerated answer, shows the answers it replaced.",
  },
  {
    slug: "recent-chats",
    title: "Finding, renaming and deleting conversations",
    body: "Every conversation is saved. The Recent Chats panel lists your twenty most recently active conversations, with Show older chats below them for the rest and Search chats above them to find one by its title; click one to open it again, or press New to start afresh. From the keyboard, Ctrl+K (Cmd+K on a Mac) puts the cursor in Search chats and Ctrl+Shift+O (Cmd+Shift+O) starts a new chat. A conversation is titled with the start of its first message; the pencil beside it in the list, or beside its title above the open conversation, gives it a title of your own (Enter saves, Escape leaves it as it was), and the download button above an open conversation saves all of it as a Markdown file; Download all conversations on the Account page saves every one of them, with all their messages, as one JSON file. Deleting a conversation removes it and all its messages for good. Nobody else can see your conversations.",
  },
  {
    slug: "compare-models",
    title: "Comparing models side by side",
    body: "Model comparison sends one prompt to up to four models at once and streams their answers next to each other, with time to first token, total time and tokens for each. Rate each answer from 1 to 5 once it is complete. In blind mode the model names stay hidden until you have rated every answer, and your ratings build a personal leaderboard. Answers keep coming if you leave the page or lose your connection: open the saved comparison (Open saved comparison, or Your comparisons) to watch them finish, and press Stop there or in the dialog to end them where they stand. An answer that failed or was stopped can be run again with Try again on its card.",
  },
  {
    slug: "ai-search",
    title: "AI Search with sources",
    body: "AI Search looks a question up, shows the sources it found with their snippets, related images and an AI overview that cites those sources, and suggests follow-up questions. Without an outside search engine configured, Tessera searches its own index: the help articles, your documents and pages fetched before. With one (a self-hosted SearXNG, or Tavily, Brave or JigsawStack, connected by the instance admin), Tessera also reads the top three pages in full before it writes the overview; a page that is too large, not a web page or on a private network is skipped and marked in the sources. Type a follow-up under the results to keep the thread, or press a related question to start a new search. With one configured, choose under the search box whether to search the web or only your workspace. Past searches are under History. A search goes on if you leave its page while it runs: History marks it Searching, and opening it shows it as it comes, with Stop to end it there. The simpler AI Search page gives one direct answer, and lets you choose the model that writes it.",
  },
  {
    slug: "documents",
    title: "Adding documents to your workspace",
    body: "Documents is where you add knowledge: write or paste text, upload text, Markdown, CSV, JSON, HTML, Word (DOCX) or PDF files up to 10 MB, or give the address of a web page, text file, Word document or PDF and Tessera keeps its main text. Gather documents in collections, your own or your team's (a team's collection is seen by its members only, and stays with the team when someone leaves). Tessera finds passages by meaning, not only by their words, so a question in other words than the text still finds it. AI Search, Tessera Local, research in chat and your assistants find your documents and cite them with their page or heading; hover a citation to read the passage, click it to open the document there. Type # in the chat to ask about one collection. Nobody else sees your documents. Delete a document and it is gone from every answer.",
  },
  {
    slug: "prompt-library",
    title: "The prompt library",
    body: "The prompt library keeps reusable prompts in six categories: writing, coding, business, creative, analysis and education. Search it, copy a prompt, or press Use Prompt to put it in the message box. Prompts with placeholders ask for their values first. Save your own prompts, private or public.",
  },
  {
    slug: "voice-and-images",
    title: "Voice dictation, voice-overs and images",
    body: "Click the microphone to dictate a prompt and click again to stop; the transcript lands in the message box. AI Voice turns a script of up to 10,000 characters into an MP3 you can preview and download. AI Images creates pictures from a description in several aspect ratios and keeps a history of your images.",
  },
  {
    slug: "account-security",
    title: "Account security and two-factor sign-in",
    body: "Turn on two-factor authentication under Account: scan the QR code with an authenticator app, confirm with a six-digit code and keep the backup codes somewhere safe. From then on, signing in asks for a code. Signing out ends your sessions on every device. Forgot your password? Use Forgot password on the sign-in page to get a reset link by mail.",
  },
  {
    slug: "plans",
    title: "Plans and usage",
    body: "Core is free. Pro, Max and Team add more images a month, more models, voice, custom assistants, API access and team workspaces; every paid plan starts with a 7-day free trial. The dashboard shows your chats, searches and images over the last 30 days and which models you use most.",
  },
  {
    slug: "self-hosting",
    title: "Running your own Tessera",
    body: "Tessera runs with no keys and no network: PostgreSQL in-process, mail kept in an outbox, and Tessera Local answering from this workspace. The instance admin connects the rest under Admin, Connections: OpenRouter (one key reaches every catalogue model), OpenAI, Anthropic, Google or an OpenAI-compatible server such as Ollama, vLLM or LM Studio for models; a search service, an image service, speech and transcription, and a mail server. Each connection is tested before it is saved, its key is stored encrypted and never shown again, and a change applies at once, with no restart. Operators who prefer to configure the server itself find how in the README, including a PostgreSQL server and the address people open: mail links point there, and sign-in only accepts pages opened at that address.",
  },
  {
    slug: "tessera-local",
    title: "What Tessera Local can do",
    body: "Tessera Local is the built-in offline model. It answers from this workspace's help articles, the model catalogue and your own documents, and cites where each part of its answer comes from. It does not know the wider world; connect a provider for general questions.",
  },
];

type Translated = Record<string, { title: string; body: string }>;
export const HELP_TRANSLATIONS: Record<Exclude<LanguageCode, "en">, Translated> = {
  de,
  fr,
  es,
  "pt-BR": ptBR,
  "zh-CN": zhCN,
  ja,
  ar,
};

/** The help articles in `language`: an article not yet translated stays in English. */
export function helpArticles(language: LanguageCode): readonly HelpArticle[] {
  if (language === "en") return HELP_ARTICLES;
  const translated = HELP_TRANSLATIONS[language];
  return HELP_ARTICLES.map((article) => ({ ...article, ...translated[article.slug] }));
}

/**
 * The shared passages a person reads, as a condition: every passage but help articles, and those
 * only in the language chosen on their account (English without a choice). The translated articles
 * are indexed as `help:<language>:<slug>`, the English ones as `help:<slug>`.
 */
export function helpInTheirLanguage(userId: string): SQL {
  const key = sql`coalesce(${knowledgePassages.sourceKey}, '')`;
  return sql`(${key} not like 'help:%' or coalesce((select ${profiles.language} from ${profiles} where ${profiles.userId} = ${userId}), 'en') = (case when ${key} like 'help:%:%' then split_part(${key}, ':', 2) else 'en' end))`;
}
