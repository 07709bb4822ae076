/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** apps/web/package.json's version, set by vite.config.ts. */
  readonly VITE_APP_VERSION?: string;
}
