import type { Repository } from 'typeorm';
import { normaliseEmail, type User } from '../identity/user.entity.js';

/**
 * The account someone signs in to: the one whose username is `login` in any letter case
 * (usernames are unique that way: uq_users_username is on lower(username)), else the one whose
 * e-mail it is (trimmed, any case). The username wins, should one look like another's e-mail.
 */
export async function findSignInAccount(users: Repository<User>, login: string): Promise<User | null> {
  const name = login.trim();
  return users
    .createQueryBuilder('u')
    .where('lower(u.username) = lower(:name) OR u.email = :email', { name, email: normaliseEmail(login) })
    .orderBy('lower(u.username) = lower(:name)', 'DESC')
    .limit(1)
    .getOne();
}
