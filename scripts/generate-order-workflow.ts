/**
 * Copies data/domain/order-workflow.json, the one list per record of the statuses a customer may
 * still cancel in (an order, an exchange purchase request), into
 * mf-panel/src/entities/order/generated/order-workflow.json for the panel: the CMS reads the domain
 * file itself and enforces the rules; the panel, built on its own as well as in the monorepo,
 * carries a copy to decide whether to offer the button. Runs with generate-catalogue-data.ts
 * (install, build, tests); the output is git-ignored.
 */
import fs from 'node:fs';
import path from 'node:path';
import { domainDir, repoRoot } from './lib/paths';

const outputFile = path.join(repoRoot, 'mf-panel/src/entities/order/generated/order-workflow.json');

/** The records a customer may cancel, each with its statuses of cancellation. */
const RECORDS = ['order', 'exchange_purchase_request'] as const;

type OrderWorkflow = Record<(typeof RECORDS)[number], { customer_cancellable_from: string[] }>;

export function generateOrderWorkflow(): void {
  const workflow = JSON.parse(fs.readFileSync(path.join(domainDir, 'order-workflow.json'), 'utf8')) as OrderWorkflow;
  const content = JSON.stringify(
    Object.fromEntries(
      RECORDS.map((record) => [record, { customer_cancellable_from: workflow[record].customer_cancellable_from }]),
    ),
  );
  fs.mkdirSync(path.dirname(outputFile), { recursive: true });
  // Unchanged output keeps its mtime, so watch-mode builds do not rebuild for nothing.
  if (fs.existsSync(outputFile) && fs.readFileSync(outputFile, 'utf8') === content) return;
  fs.writeFileSync(outputFile, content);
}

if (require.main === module) generateOrderWorkflow();
