// Turns contract-validation failures into the spec's error codes, naming the field at fault.
import { HttpError, type AnswerCode } from '../errors/http-error.js';

export interface ValidationItem {
  path: string;
  message: string;
  errorCode?: string;
}

/** "/body/texts/0" → "texts[0]"; "/query/limit" → "limit"; "/params/model_id" → "model_id". */
export function fieldName(path: string): string {
  const parts = path
    .replace(/^\./, '/')
    .split(/[/.]/)
    .filter((p) => p !== '');
  if (['body', 'query', 'params', 'path', 'headers'].includes(parts[0] ?? '')) parts.shift();
  if (parts.length === 0) return 'body';
  return parts.reduce(
    (name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name === '' ? part : `${name}.${part}`),
    '',
  );
}

function missingProperty(item: ValidationItem): string | undefined {
  return /must have required property '([^']+)'/.exec(item.message)?.[1];
}

function classify(item: ValidationItem): { code: AnswerCode; message: string } {
  const kind = item.errorCode?.split('.')[0];
  const field = fieldName(item.path);
  const missing = missingProperty(item);
  if (kind === 'required' || missing !== undefined) {
    const name =
      missing !== undefined && !field.endsWith(missing) ? (field === 'body' ? missing : `${field}.${missing}`) : field;
    return { code: 'MISSING_REQUIRED_FIELD', message: `${name}: this field is required` };
  }
  if (field === 'texts' && kind === 'type')
    return { code: 'MISSING_REQUIRED_FIELD', message: 'texts: must be an array of strings' };
  if (field === 'texts' && kind === 'minItems')
    return { code: 'EMPTY_TEXTS', message: 'texts: at least one non-empty string is required' };
  if (kind === 'additionalProperties') {
    // Ajv names the extra property in the message ("… 'language'") or, as express-openapi-validator reports it, in the path.
    const extra = /additional propert(?:y|ies)[^']*'([^']+)'/.exec(item.message)?.[1];
    const name = extra === undefined ? field : field === 'body' ? extra : `${field}.${extra}`;
    return { code: 'INVALID_PARAMETER', message: `${name === 'body' ? 'body' : name}: unknown field` };
  }
  return { code: 'INVALID_PARAMETER', message: `${field}: ${item.message}` };
}

const PRIORITY: AnswerCode[] = ['MISSING_REQUIRED_FIELD', 'EMPTY_TEXTS', 'INVALID_PARAMETER'];

export function validationToHttpError(items: ValidationItem[], fallback: string): HttpError {
  const classified = items.map(classify);
  classified.sort((a, b) => PRIORITY.indexOf(a.code) - PRIORITY.indexOf(b.code));
  const first = classified[0];
  return first ? new HttpError(first.code, first.message) : new HttpError('INVALID_PARAMETER', fallback);
}
