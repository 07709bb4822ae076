// Tessera Sketch, the embedded image model: the prompt's procedural SVG (procedural-svg.ts) rendered
// to PNG in process with resvg, off the event loop. No network, no keys, same prompt and ratio → same
// bytes on a machine with the same fonts (the caption uses DejaVu Sans when the host has it).
import { existsSync } from "node:fs";
import type { ResvgRenderOptions } from "@resvg/resvg-js";
import type { ImageAspectRatio } from "@tessera/contracts";
import { proceduralSvg } from "./procedural-svg";
import type { ImageProvider } from "./types";

const DEJAVU = [
  "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
  "/usr/share/fonts/dejavu/DejaVuSans.ttf",
  "/usr/share/fonts/TTF/DejaVuSans.ttf",
];

let fontOptions: ResvgRenderOptions["font"] | undefined;
function fonts(): ResvgRenderOptions["font"] {
  // One known font file keeps rendering fast and the bytes stable; otherwise whatever the host has.
  const file = DEJAVU.find((p) => existsSync(p));
  fontOptions ??= file
    ? { loadSystemFonts: false, fontFiles: [file], defaultFontFamily: "DejaVu Sans" }
    : { loadSystemFonts: true, defaultFontFamily: "DejaVu Sans" };
  return fontOptions;
}

export async function renderProcedural(
  prompt: string,
  ratio: ImageAspectRatio,
  signal?: AbortSignal,
): Promise<{ bytes: Uint8Array; width: number; height: number }> {
  const { svg } = proceduralSvg(prompt, ratio);
  // The native renderer loads with the first picture, not with the server.
  const { renderAsync } = await import("@resvg/resvg-js");
  const rendered = await renderAsync(
    svg,
    { font: fonts(), fitTo: { mode: "original" }, shapeRendering: 2, textRendering: 1, logLevel: "off" },
    signal ?? null,
  );
  return { bytes: new Uint8Array(rendered.asPng()), width: rendered.width, height: rendered.height };
}

export function createProceduralProvider(): ImageProvider {
  return {
    id: "procedural",
    async generate({ prompt, aspectRatio, signal }) {
      const image = await renderProcedural(prompt, aspectRatio, signal);
      return { ...image, contentType: "image/png" };
    },
  };
}
