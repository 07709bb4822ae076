// The six built-in prompts of spec §3 with their initial usage counts.
import type { PromptCategory } from "@tessera/contracts";

export interface BuiltInPrompt {
  key: string;
  title: string;
  description: string;
  content: string;
  category: PromptCategory;
  tags: string[];
  usageCount: number;
}

export const BUILT_IN_PROMPTS: readonly BuiltInPrompt[] = [
  {
    key: "email-writer",
    title: "Email Writer",
    description: "A clear, polite email for any purpose.",
    content:
      "Write a {{tone}} email to {{recipient}} about {{topic}}. Keep it under 200 words, open with the point, and end with a clear next step.",
    category: "business",
    tags: ["email", "communication", "professional"],
    usageCount: 1250,
  },
  {
    key: "code-reviewer",
    title: "Code Reviewer",
    description: "A thorough review of a piece of code.",
    content:
      "Review this {{language}} code. List bugs, security issues and unclear parts first, then suggest improvements with short examples.\n\n{{code}}",
    category: "coding",
    tags: ["code review", "quality", "security"],
    usageCount: 890,
  },
  {
    key: "blog-post-outline",
    title: "Blog Post Outline",
    description: "A structured outline for a blog post.",
    content:
      "Create an outline for a blog post about {{topic}} for {{audience}}: a working title, a hook, five to seven sections with key points, and a conclusion with a call to action.",
    category: "writing",
    tags: ["blog", "outline", "content"],
    usageCount: 675,
  },
  {
    key: "data-analysis",
    title: "Data Analysis",
    description: "Find the story in a data set.",
    content:
      "Analyse this data about {{subject}}. Describe the main trends, outliers and correlations, say how confident you are, and suggest two charts that would show it best.\n\n{{data}}",
    category: "analysis",
    tags: ["data", "insights", "charts"],
    usageCount: 445,
  },
  {
    key: "creative-story",
    title: "Creative Story",
    description: "A short story from a few ingredients.",
    content:
      "Write a short {{genre}} story of about 500 words set in {{setting}}, with a main character who {{character_trait}}. End with a twist.",
    category: "creative",
    tags: ["story", "fiction"],
    usageCount: 320,
  },
  {
    key: "learning-plan",
    title: "Learning Plan",
    description: "A week-by-week plan to learn something new.",
    content:
      "Make a {{weeks}}-week learning plan for {{skill}} for someone who is a {{level}}. For each week give goals, resources and a small project.",
    category: "education",
    tags: ["learning", "plan", "study"],
    usageCount: 280,
  },
];
