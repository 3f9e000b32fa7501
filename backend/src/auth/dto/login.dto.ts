import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';

export class LoginDto {
  @ApiProperty({ example: 'admin' })
  @IsString({ message: 'Username is required' })
  @MinLength(1, { message: 'Username is required' })
  @MaxLength(200, { message: 'Username must be at most 200 characters' })
  username!: string;

  @ApiProperty({ format: 'password' })
  @IsString({ message: 'Password is required' })
  @MinLength(1, { message: 'Password is required' })
  // Hashing is deliberately slow; an endless password must not make it slower.
  @MaxLength(1024, { message: 'Password must be at most 1024 characters' })
  password!: string;
}
