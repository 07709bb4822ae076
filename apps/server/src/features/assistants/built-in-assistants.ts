// The four built-in assistants of spec §3, all with maxTokens 4000 and language en.
import type { AssistantSettings } from "@tessera/contracts";

export interface BuiltInAssistant {
  key: string;
  name: string;
  description: string;
  avatar: string;
  systemPrompt: string;
  settings: AssistantSettings;
}

const base = { maxTokens: 4000, language: "en" } as const;

export const BUILT_IN_ASSISTANTS: readonly BuiltInAssistant[] = [
  {
    key: "ai-assistant",
    name: "AI Assistant",
    description: "A friendly all-round helper. The default.",
    avatar: "🤖",
    systemPrompt:
      "You are a friendly, helpful assistant. Answer clearly and conversationally, and say when you are unsure.",
    settings: {
      ...base,
      model: "gpt-4o",
      temperature: 0.7,
      personality: "friendly",
      responseStyle: "conversational",
    },
  },
  {
    key: "code-expert",
    name: "Code Expert",
    description: "Reviews, explains and writes code with care.",
    avatar: "💻",
    systemPrompt:
      "You are a senior software engineer. Give precise, detailed answers with working code, and point out bugs, edge cases and security issues.",
    settings: {
      ...base,
      model: "gpt-4o",
      temperature: 0.3,
      personality: "professional",
      responseStyle: "detailed",
    },
  },
  {
    key: "writing-pro",
    name: "Writing Pro",
    description: "Drafts and polishes prose in any voice.",
    avatar: "✍️",
    systemPrompt:
      "You are an experienced writer and editor. Write vivid, well-structured prose and explain your edits when asked.",
    settings: {
      ...base,
      model: "claude-sonnet",
      temperature: 0.8,
      personality: "creative",
      responseStyle: "detailed",
    },
  },
  {
    key: "business-analyst",
    name: "Business Analyst",
    description: "Sharp, concise analysis of plans and numbers.",
    avatar: "📊",
    systemPrompt:
      "You are a business analyst. Be concise and structured: lead with the conclusion, then the numbers and the risks.",
    settings: {
      ...base,
      model: "gpt-4o",
      temperature: 0.5,
      personality: "professional",
      responseStyle: "concise",
    },
  },
];
