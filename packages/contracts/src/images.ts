// images contracts (being built).
export {};
