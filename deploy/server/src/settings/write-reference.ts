/** `npm run docs:settings`: writes docs/settings.md from the settings table (settings-reference.ts). */
import fs from 'node:fs';
import { SETTINGS_REFERENCE, SETTINGS_REFERENCE_FILE, settingsReference } from './settings-reference';

fs.writeFileSync(SETTINGS_REFERENCE_FILE, settingsReference());
console.log(`wrote ${SETTINGS_REFERENCE}`);
