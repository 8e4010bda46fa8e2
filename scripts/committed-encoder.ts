// Where the committed, gzipped multilingual default encoder lives in the repository.
import { fileURLToPath } from 'node:url';

export const COMMITTED_ENCODER_DIR = fileURLToPath(new URL('../models/static-multi-100d/', import.meta.url));
