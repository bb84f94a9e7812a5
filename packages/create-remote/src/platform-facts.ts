/** What a new remote must agree with the platform on (platform.ts says where it is read from). */
export interface PlatformFacts {
  /** Package name → exact version, for the new repository's dependencies. */
  dependencies: Record<string, string>;
  /** Package name → exact version, for its devDependencies (build, types, tests). */
  devDependencies: Record<string, string>;
  /** The contract's rule for a remote's name: a pattern and the names the platform keeps for itself. */
  remoteName: { pattern: string; reserved: string[] };
}
