import { applyDecorators, BadRequestException } from '@nestjs/common';
import { IsString, MaxLength, ValidateBy } from 'class-validator';
import { accountPasswordProblem, passwordProblem, type PasswordOwner } from '../config/secret-strength.js';

/**
 * A new password: the production rules of ADMIN_PASSWORD (12+ characters, not a common or
 * placeholder password, not a run of one character), at most 1024 (hashing is slow on purpose).
 * Whose it is is known only to the service: it calls `refuseNamedPassword` too.
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

/** 400 naming the rule when the password contains its owner's username or e-mail name. */
export function refuseNamedPassword(password: string, field: string, owner: PasswordOwner): void {
  const problem = accountPasswordProblem(password, field, owner);
  if (problem) throw new BadRequestException([problem]);
}
