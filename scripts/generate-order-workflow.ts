/**
 * Copies data/domain/order-workflow.json, the one list of the order statuses a customer may still
 * cancel in, into mf-panel/src/entities/order/generated/order-workflow.json for the panel: the CMS
 * reads the domain file itself and enforces the rule; the panel, built on its own as well as in the
 * monorepo, carries a copy to decide whether to offer the button. Runs with
 * generate-catalogue-data.ts (install, build, tests); the output is git-ignored.
 */
import fs from 'node:fs';
import path from 'node:path';
import { domainDir, repoRoot } from './lib/paths';

const outputFile = path.join(repoRoot, 'mf-panel/src/entities/order/generated/order-workflow.json');

export function generateOrderWorkflow(): void {
  const workflow = JSON.parse(fs.readFileSync(path.join(domainDir, 'order-workflow.json'), 'utf8')) as {
    customer_cancellable_from: string[];
  };
  const content = JSON.stringify({ customer_cancellable_from: workflow.customer_cancellable_from });
  fs.mkdirSync(path.dirname(outputFile), { recursive: true });
  // Unchanged output keeps its mtime, so watch-mode builds do not rebuild for nothing.
  if (fs.existsSync(outputFile) && fs.readFileSync(outputFile, 'utf8') === content) return;
  fs.writeFileSync(outputFile, content);
}

if (require.main === module) generateOrderWorkflow();
