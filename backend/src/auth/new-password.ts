import { applyDecorators } from '@nestjs/common';
import { IsString, MaxLength, ValidateBy } from 'class-validator';
import { passwordProblem } from '../config/secret-strength.js';

/**
 * A new password: the production rules of ADMIN_PASSWORD (12+ characters, not a common or
 * placeholder password, not a run of one character), at most 1024 (hashing is slow on purpose).
 */
export const NewPassword = (field: string) =>
  applyDecorators(
    IsString({ message: `${field} is required` }),
    MaxLength(1024, { message: `${field} must be at most 1024 characters` }),
    ValidateBy({
      name: 'strongPassword',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || passwordProblem(value, field) === null,
        defaultMessage: (args) => passwordProblem(String(args?.value), field) ?? '',
      },
    }),
  );
