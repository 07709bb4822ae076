import { secureHeaders } from "hono/secure-headers";

/**
 * Scripts and images only from our own origin (images also data: and blob:); no inline scripts.
 * A route that sets a header itself keeps it (stored files set a stricter, sandboxing policy).
 */
export const securityHeaders = () =>
  secureHeaders({
    overwrite: false,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      imgSrc: ["'self'", "data:", "blob:"],
      mediaSrc: ["'self'", "data:", "blob:"],
      // sonner's stylesheet and Radix's scroll lock arrive as <style> elements; docs/security.md says why.
      styleSrc: ["'self'", "'unsafe-inline'"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: "DENY",
    xContentTypeOptions: "nosniff",
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: "same-origin",
    strictTransportSecurity: "max-age=15552000; includeSubDomains",
    permissionsPolicy: { camera: [], geolocation: [], microphone: ["self"] },
  });
