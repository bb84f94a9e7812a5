/**
 * Subresource Integrity for the chunks an app's own webpack runtime loads (docs/architecture.md,
 * "Integrity and origins"). A remote's lazy chunks are added as <script> elements by webpack's
 * chunk loader inside the remote's runtime (`__webpack_require__.l`), not by the federation runtime,
 * so the shell's federation plugin never sees them. This plugin makes that loader set `integrity`
 * from the page's digest table (`REMOTE_INTEGRITY_GLOBAL`), which the shell fills from the registry.
 *
 * Why not digests baked in at build time (webpack-subresource-integrity): that plugin fails on
 * Module Federation builds (unresolved integrity placeholders for the container's chunks), and the
 * digests that matter are the ones publish records — the same the deploy gate checks, so a version
 * re-published from changed files is checked against its new digests, and a file changed after
 * publishing against the old ones. `output.crossOriginLoading: 'anonymous'` (create-app-config.ts)
 * makes the loader request cross-origin chunks (an asset origin) with CORS, which SRI needs.
 */
import webpack, { type Compiler } from 'webpack';
import { CHUNK_SCRIPT_GLOBAL, REMOTE_INTEGRITY_GLOBAL } from '@steel/contract';

export class RemoteIntegrityPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap('RemoteIntegrityPlugin', (compilation) => {
      webpack.runtime.LoadScriptRuntimeModule.getCompilationHooks(compilation).createScript.tap(
        'RemoteIntegrityPlugin',
        (source) =>
          webpack.Template.asString([
            source,
            // `script.src` is absolute here (set just above), the table's keys too.
            `var integrityTable = typeof globalThis === "object" && globalThis[${JSON.stringify(REMOTE_INTEGRITY_GLOBAL)}];`,
            'if (integrityTable && integrityTable[script.src]) script.integrity = integrityTable[script.src];',
            // Then the page's shell may ask a chunk that failed before past the browser's cache (the
            // digest above stays: the same file is expected, only fetched afresh).
            `var chunkScript = typeof globalThis === "object" && globalThis[${JSON.stringify(CHUNK_SCRIPT_GLOBAL)}];`,
            'if (typeof chunkScript === "function") chunkScript(script, script.src);',
          ]),
      );
    });
  }
}
