// Public API of @textclass/mock: start and stop a Prism mock of the textclass contract.
export { startMock, type MockServer, type StartMockOptions } from './start-mock.js';
export { bundledJsonPath, bundledSpecPath, prismCliPath } from './paths.js';
export { freePort } from './free-port.js';
