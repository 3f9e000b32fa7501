import { ApiProperty } from '@nestjs/swagger';

/** One of the caller's sessions (`GET /api/auth/sessions`). */
export class SessionDto {
  @ApiProperty({ description: 'Names the session for `DELETE /api/auth/sessions/:id`; not usable as a cookie.' })
  id!: string;

  @ApiProperty({ description: "The request's own session (this device)." })
  current!: boolean;

  @ApiProperty({ format: 'date-time', description: 'When it was signed in.' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time', description: 'Its last request.' })
  lastSeenAt!: string;

  @ApiProperty({ type: String, nullable: true, description: 'The client IP it was signed in from.' })
  ip!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'The browser it was signed in with (User-Agent).' })
  userAgent!: string | null;
}

/** One sign-in of the caller's account (`GET /api/auth/sign-ins`). */
export class SignInRecordDto {
  @ApiProperty({ format: 'date-time' })
  at!: string;

  @ApiProperty()
  ip!: string;

  @ApiProperty()
  userAgent!: string;

  @ApiProperty({ description: 'False: a wrong password or two-factor code.' })
  success!: boolean;
}
