import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { Trim } from '../../common/transforms.js';

export const NOTE_MAX_LENGTH = 5000;

/** `POST /api/admin/contacts/:id/notes`: a note added to the lead's thread. */
export class CreateNoteDto {
  @ApiProperty({ minLength: 1, maxLength: NOTE_MAX_LENGTH, description: 'Trimmed; tabs and new lines allowed.' })
  @Trim()
  @IsString({ message: 'body must be text' })
  @Length(1, NOTE_MAX_LENGTH, { message: `body must be 1 to ${NOTE_MAX_LENGTH} characters` })
  body!: string;
}
