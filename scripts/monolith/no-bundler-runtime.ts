/** Nor its webpack glue (create-monolith-config.ts aliases this in for the glue and its parts). */
export const bundlerRuntime = {};
export const attachShareScopeMap = undefined;
export const initContainerEntry = undefined;
