import { ApiProperty } from '@nestjs/swagger';

export class ErasureResultDto {
  @ApiProperty({ description: 'How many submissions were erased', example: 2 })
  erased!: number;
}
