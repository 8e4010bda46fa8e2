// Shape of a demo model definition: labels described in plain text plus a labelled evaluation set.
import type { LabelDefinition } from '../shared/types.js';

export interface DemoModel {
  name: string;
  confidenceThreshold: number;
  labels: LabelDefinition[];
  examples: Array<{ text: string; label: string }>;
}
