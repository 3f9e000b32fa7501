import { applyDecorators, BadRequestException } from '@nestjs/common';
import { IsString, MaxLength, ValidateBy } from 'class-validator';
import { accountPasswordProblems, PASSWORD_RULES, type PasswordOwner } from '../config/secret-strength.js';

/**
 * A new password: the production rules of ADMIN_PASSWORD (12+ characters, not a common or
 * placeholder password, not a run of one character), at most 1024 (hashing is slow on purpose).
 * One constraint per rule, so that a 400 names every rule the password breaks, not the first.
 * Whose it is is known only to the service: it calls `refuseNamedPassword` too.
 */
export const NewPassword = (field: string) =>
  applyDecorators(
    IsString({ message: `${field} is required` }),
    MaxLength(1024, { message: `${field} must be at most 1024 characters` }),
    ...PASSWORD_RULES.map((rule) =>
      ValidateBy({
        name: `password-${rule.id}`,
        validator: {
          validate: (value: unknown) => typeof value !== 'string' || !rule.fails(value),
          defaultMessage: () => rule.message(field),
        },
      }),
    ),
  );

/**
 * 400 naming every rule the password breaks for its owner (it contains their username or
 * e-mail name; the general rules have passed by then, or the body was refused already).
 */
export function refuseNamedPassword(password: string, field: string, owner: PasswordOwner): void {
  const problems = accountPasswordProblems(password, field, owner);
  if (problems.length > 0) throw new BadRequestException(problems);
}
