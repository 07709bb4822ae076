// The markdown renderer (react-markdown, micromark, GFM: about 50 KB gzipped) is loaded the first
// time a page shows model output, not with the page: the chat can be typed into before it arrives.
// Until then the text is shown as it is, in the same box, so nothing jumps but the formatting.
import { Suspense, type ComponentProps } from "react";
import { lazyChunk } from "@/lib/chunk-load";
import { cn } from "@/lib/utils";

const load = () => import("./markdown");
const LoadedMarkdown = lazyChunk(() => load().then((m) => ({ default: m.Markdown })));

/** Starts loading the renderer ahead of need (say, while a conversation is being fetched). */
export function preloadMarkdown(): void {
  void load();
}

export function Markdown(props: ComponentProps<typeof LoadedMarkdown>) {
  return (
    <Suspense
      fallback={
        <div
          className={cn("markdown whitespace-pre-wrap", props.className)}
          data-caret={props.caret || undefined}
        >
          {props.children}
        </div>
      }
    >
      <LoadedMarkdown {...props} />
    </Suspense>
  );
}
