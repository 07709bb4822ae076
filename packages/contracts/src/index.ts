export * from "./errors";
export * from "./health";
export * from "./profile";
export * from "./public-config";
export * from "./constants";
export * from "./models";
export * from "./chat";
export * from "./documents";
