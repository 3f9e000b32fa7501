import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';

/** Opens a route to visitors. Every other route needs a signed-in account with the route's @MinRole() (see AccessGuard). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
