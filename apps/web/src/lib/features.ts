// Feature flags the shell reads. The spec has voice and images behind flags that are both on.
export const features = {
  voice: true,
  images: true,
} as const;
