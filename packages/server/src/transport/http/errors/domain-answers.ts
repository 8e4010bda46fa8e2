// Core's domain errors, answered as they are by the contract checks' error handler (@textclass/contract-checks), and
// the compile-time check that core keeps domain codes only: its codes and HTTP's own make up the contract's, apart.
import type { AnswerCode, DomainErrors, HttpOnlyCode } from '@textclass/contract-checks';
import { DomainError, type ErrorCode } from '../../../core/shared/domain-errors.js';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;

/** Fails to compile when core gains an HTTP-only code, or the contract a code that neither core nor HTTP has. */
export type CoreKeepsDomainCodes = Holds<Same<ErrorCode, Exclude<AnswerCode, HttpOnlyCode>>>;

export const domainErrors: DomainErrors = (err) => (err instanceof DomainError ? err : undefined);
