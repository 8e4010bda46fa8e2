// Contract validation errors become MISSING_REQUIRED_FIELD / INVALID_PARAMETER naming the field as clients write it.
import { describe, expect, it } from 'vitest';
import { fieldName, validationToHttpError } from './validation-errors.js';

describe('contract validation → error codes', () => {
  it('names fields the way clients write them', () => {
    expect(fieldName('/body/texts/0')).toBe('texts[0]');
    expect(fieldName('/query/limit')).toBe('limit');
    expect(fieldName('/body/model_settings/1/label_filter')).toBe('model_settings[1].label_filter');
    expect(fieldName('/body')).toBe('body');
  });

  it('maps a missing field to MISSING_REQUIRED_FIELD and names it', () => {
    const e = validationToHttpError(
      [
        {
          path: '/body/texts',
          message: "must have required property 'texts'",
          errorCode: 'required.openapi.validation',
        },
      ],
      'x',
    );
    expect(e.code).toBe('MISSING_REQUIRED_FIELD');
    expect(e.message).toContain('texts');
  });

  it('maps texts of another type to MISSING_REQUIRED_FIELD, an empty array to EMPTY_TEXTS, bad elements to INVALID_PARAMETER', () => {
    expect(
      validationToHttpError(
        [{ path: '/body/texts', message: 'must be array', errorCode: 'type.openapi.validation' }],
        'x',
      ).code,
    ).toBe('MISSING_REQUIRED_FIELD');
    expect(
      validationToHttpError(
        [
          {
            path: '/body/texts',
            message: 'must NOT have fewer than 1 items',
            errorCode: 'minItems.openapi.validation',
          },
        ],
        'x',
      ).code,
    ).toBe('EMPTY_TEXTS');
    const element = validationToHttpError(
      [{ path: '/body/texts/2', message: 'must be string', errorCode: 'type.openapi.validation' }],
      'x',
    );
    expect(element.code).toBe('INVALID_PARAMETER');
    expect(element.message).toBe('texts[2]: must be string');
  });

  it('prefers MISSING_REQUIRED_FIELD when several problems are reported', () => {
    const e = validationToHttpError(
      [
        { path: '/body/top_n', message: 'must be integer', errorCode: 'type.openapi.validation' },
        {
          path: '/body/base_texts',
          message: "must have required property 'base_texts'",
          errorCode: 'required.openapi.validation',
        },
      ],
      'x',
    );
    expect(e.code).toBe('MISSING_REQUIRED_FIELD');
  });
});

describe('unknown fields', () => {
  it('names the field whether the validator puts it in the path or in the message', () => {
    const atPath = {
      path: '/body/model',
      message: 'must NOT have additional properties',
      errorCode: 'additionalProperties.openapi.validation',
    };
    expect(validationToHttpError([atPath], 'x').message).toBe('model: unknown field');
    const inMessage = {
      path: '/body',
      message: "must NOT have additional properties 'language'",
      errorCode: 'additionalProperties.openapi.validation',
    };
    expect(validationToHttpError([inMessage], 'x').message).toBe('language: unknown field');
    const nested = {
      path: '/body/model_settings/0',
      message: "must NOT have additional properties 'x'",
      errorCode: 'additionalProperties.openapi.validation',
    };
    expect(validationToHttpError([nested], 'x').message).toBe('model_settings[0].x: unknown field');
  });
});
