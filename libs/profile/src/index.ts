// Public face of this library. Its issue fills it; until then it exports nothing.
export {};
