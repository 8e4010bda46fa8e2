// The textclass contract's request checks, shared by the server and the mock (filled in by the contract-checks work).
export {};
