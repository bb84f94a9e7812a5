import { defaultRuntimeConfig, RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from '@steel/contract/runtime-config';

/**
 * Reads the config the app server embedded as JSON. Missing or broken config falls back to the
 * defaults so that a remote run alone (dev harness, tests) still works.
 */
export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const element = doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID);
  if (!element?.textContent) return defaultRuntimeConfig;
  try {
    const parsed = JSON.parse(element.textContent) as Partial<RuntimeConfig>;
    return {
      ...defaultRuntimeConfig,
      ...parsed,
      cookie: {
        ...defaultRuntimeConfig.cookie,
        ...parsed.cookie,
        options: { ...defaultRuntimeConfig.cookie.options, ...parsed.cookie?.options },
      },
    };
  } catch (error) {
    console.error('Failed to parse runtime config', error);
    return defaultRuntimeConfig;
  }
}
