// voice contracts (being built).
export {};
