// A search's pictures as the page shows them: each remote favicon, thumbnail and related image with
// the signed image-proxy address an <img> loads it from. Made on every read, since signatures expire;
// what is stored keeps the plain addresses.
import type { SearchImage, SearchSource } from "@tessera/contracts";

/** The signed proxy address of a remote picture (lib/image-proxy-signature.ts), else undefined. */
export type ImageSrc = (url: string | undefined) => string | undefined;

export function sourcesWithPictures(sources: SearchSource[], imageSrc?: ImageSrc): SearchSource[] {
  if (!imageSrc) return sources;
  return sources.map(({ thumbnailSrc: _t, faviconSrc: _f, ...source }) => {
    const thumbnailSrc = imageSrc(source.thumbnail);
    const faviconSrc = imageSrc(source.favicon);
    return { ...source, ...(thumbnailSrc ? { thumbnailSrc } : {}), ...(faviconSrc ? { faviconSrc } : {}) };
  });
}

export function imagesWithPictures(images: SearchImage[], imageSrc?: ImageSrc): SearchImage[] {
  if (!imageSrc) return images;
  return images.map(({ src: _s, ...image }) => {
    const src = imageSrc(image.url);
    return src ? { ...image, src } : image;
  });
}
