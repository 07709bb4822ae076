import { afterEach, describe, expect, it } from "vitest";
import { FLAG_DEFAULTS, flagsFromSearch, resolveFeatureFlags } from "./features";

describe("feature flags (spec §5)", () => {
  afterEach(() => sessionStorage.clear());

  it("default: streamingChatV2 off, typewriterEffects on, voice and images on", () => {
    expect(resolveFeatureFlags("")).toEqual(FLAG_DEFAULTS);
    expect(FLAG_DEFAULTS).toMatchObject({
      streamingChatV2: false,
      typewriterEffects: true,
      voice: true,
      images: true,
    });
  });

  it("feature_<name>=true or 1 turns one on; beta=true or 1 turns all on", () => {
    expect(flagsFromSearch("?feature_streamingChatV2=true")).toEqual({ streamingChatV2: true });
    expect(flagsFromSearch("?feature_streamingChatV2=1").streamingChatV2).toBe(true);
    expect(flagsFromSearch("?feature_streamingChatV2=yes")).toEqual({});
    expect(resolveFeatureFlags("?beta=1")).toEqual({
      streamingChatV2: true,
      typewriterEffects: true,
      voice: true,
      images: true,
    });
    expect(flagsFromSearch("?beta=true&feature_typewriterEffects=0").typewriterEffects).toBe(false);
  });

  it("a flag from the address lasts for the rest of the visit", () => {
    resolveFeatureFlags("?feature_streamingChatV2=true");
    expect(resolveFeatureFlags("").streamingChatV2).toBe(true);
    expect(resolveFeatureFlags("?feature_streamingChatV2=false").streamingChatV2).toBe(false);
  });
});
