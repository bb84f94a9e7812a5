import type { PluginCreator, Rule } from 'postcss';

/**
 * PostCSS plugin for a remote's stylesheet: every rule applies only inside the element the remote
 * is mounted into (`[data-app="<app>"]`, set by createRemoteLifecycles). Without it a remote's
 * `.flex-col`, inserted after the shell's stylesheet, overrides the shell's `md:flex-row` on the
 * shell's own elements. Theme variables (`:root, :host`) move onto the same element, so they still
 * reach everything the remote renders.
 */
export const scopeRemoteCss: PluginCreator<{ app: string }> = (options) => {
  const scope = `[data-app="${options?.app}"]`;
  return {
    postcssPlugin: 'scope-remote-css',
    Rule(rule: Rule) {
      // Keyframe steps (from, to, 50%) are not selectors.
      if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as { name: string }).name)) return;
      if ((rule as Rule & { scoped?: boolean }).scoped) return;
      rule.selectors = rule.selectors.map((selector) => {
        if (selector.startsWith(scope)) return selector;
        if (/^(:root|:host|html|body)\b/.test(selector)) return selector.replace(/^(:root|:host|html|body)/, scope);
        return `${scope} ${selector}`;
      });
      (rule as Rule & { scoped?: boolean }).scoped = true;
    },
  };
};
scopeRemoteCss.postcss = true;
