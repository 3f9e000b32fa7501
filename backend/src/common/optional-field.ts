import { ValidateIf } from 'class-validator';

/**
 * A field that may be left out, but not sent as null: class-validator's IsOptional lets null
 * through to the service (and a NOT NULL column would answer 500). With this, null is checked
 * by the field's other rules and refused with their message.
 */
export const OptionalField = () => ValidateIf((_object: object, value: unknown) => value !== undefined);
