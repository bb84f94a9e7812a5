/** @jest-environment node */
import { loadConfig } from '../config';
import { CONFIG_ELEMENT_ID, jsonForScript, renderShellPage } from './shell-page-template';

const config = { ...loadConfig({}).runtime, buildId: 'abc' };

describe('renderShellPage', () => {
  it('inserts the config before </head> and forces lang/dir', () => {
    const html = renderShellPage(
      '<!doctype html><html lang="en" dir=ltr class="x"><head><title>t</title></head><body></body></html>',
      config,
    );
    expect(html).toMatch(
      /^<!doctype html><html lang="fa" dir="rtl" class="x"><head><title>t<\/title><script type="application\/json" id="runtime-config">/,
    );
    expect(html).toContain('</script></head>');
  });

  it('replaces a placeholder element instead of adding a second one', () => {
    const html = renderShellPage(
      `<html><head><script type="application/json" id="${CONFIG_ELEMENT_ID}">{}</script></head></html>`,
      config,
    );
    expect(html.match(/id="runtime-config"/g)).toHaveLength(1);
    expect(html).toContain('"buildId":"abc"');
  });

  it('handles templates without <html> or <head>', () => {
    expect(renderShellPage('<body></body>', config)).toMatch(/^<!doctype html><html lang="fa" dir="rtl">/);
    expect(renderShellPage('<html><body></body></html>', config)).toContain('<html lang="fa" dir="rtl"><head><script');
  });

  it('does not treat $ sequences in the config as replacement patterns', () => {
    const html = renderShellPage('<html><head></head></html>', { ...config, siteUrl: "$'$&$`" });
    expect(html).toContain('"siteUrl":"$\'$\\u0026$`"');
  });
});

describe('jsonForScript', () => {
  it('round-trips through JSON.parse and contains no markup characters', () => {
    const value = { a: '</script><!-- & \u2028\u2029 >' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
