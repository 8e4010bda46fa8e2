// Public entry of head fitting off the event loop (@textclass/server/head-fitting): a fit on its own thread, folds on two.
export { fitHeadOnThread } from './fit-head-thread.js';
export { foldsOnTwoThreads, TWO_THREADS_FROM_EXAMPLES } from './fold-threads.js';
