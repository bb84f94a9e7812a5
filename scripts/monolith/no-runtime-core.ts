/** The monolith has no federation runtime to hand to remotes (create-monolith-config.ts aliases this in). */
export const monolith = true;
