import { PROMPT_CATEGORIES, type PromptCategory } from "@tessera/contracts";
import { Briefcase, ChartLine, Code, GraduationCap, PenLine, Sparkles, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

// The contracts name each category's icon and colour; these are their lucide and Tailwind twins
// (whole class names, so Tailwind finds them).
const ICONS: Record<string, LucideIcon> = {
  "pen-line": PenLine,
  code: Code,
  briefcase: Briefcase,
  sparkles: Sparkles,
  "chart-line": ChartLine,
  "graduation-cap": GraduationCap,
};
const TINTS: Record<string, string> = {
  blue: "bg-blue-500/10 text-blue-700 dark:bg-blue-400/12 dark:text-blue-300",
  emerald: "bg-emerald-500/10 text-emerald-700 dark:bg-emerald-400/12 dark:text-emerald-300",
  amber: "bg-amber-500/12 text-amber-800 dark:bg-amber-400/12 dark:text-amber-300",
  pink: "bg-pink-500/10 text-pink-700 dark:bg-pink-400/12 dark:text-pink-300",
  violet: "bg-violet-500/10 text-violet-700 dark:bg-violet-400/12 dark:text-violet-300",
  cyan: "bg-cyan-500/10 text-cyan-800 dark:bg-cyan-400/12 dark:text-cyan-300",
};

export function categoryOf(id: PromptCategory) {
  const category = PROMPT_CATEGORIES.find((c) => c.id === id) ?? PROMPT_CATEGORIES[0];
  return { ...category, Icon: ICONS[category.icon] ?? Sparkles, tint: TINTS[category.color] ?? TINTS.violet };
}

/** The category's icon and name in its colour. */
export function CategoryBadge({ category, className }: { category: PromptCategory; className?: string }) {
  const { t } = useTranslation("prompts");
  const { id, Icon, tint } = categoryOf(category);
  return (
    <span
      className={cn(
        "inline-flex w-fit shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium",
        tint,
        className,
      )}
    >
      <Icon className="size-3" aria-hidden="true" />
      {t(`categories.${id}`)}
    </span>
  );
}
