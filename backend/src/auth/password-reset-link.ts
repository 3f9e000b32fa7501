import { Injectable } from '@nestjs/common';
import type { User } from '../users/user.entity.js';

/**
 * Where a password reset link leaves the API: the one place the e-mail feature (issue 25)
 * will queue the mail to `user.email`. Until then the link goes nowhere; it is never logged
 * (it opens the account), and an admin resets a teammate by inviting their e-mail again.
 */
@Injectable()
export class PasswordResetLinks {
  send(user: Pick<User, 'id' | 'email'>, resetUrl: string): Promise<void> {
    void user;
    void resetUrl;
    return Promise.resolve();
  }
}
