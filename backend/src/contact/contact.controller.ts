import { Body, Controller, Headers, HttpCode, HttpStatus, Ip, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Public } from '../common/public.decorator.js';
import { idempotencyKey } from './contact-idempotency.js';
import { ContactService } from './contact.service.js';
import { ContactReceiptDto } from './dto/contact-receipt.dto.js';
import { CreateContactDto } from './dto/create-contact.dto.js';

@ApiTags('contact')
@Public()
@Controller('contact')
export class ContactController {
  constructor(private readonly contactService: ContactService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ description: 'The submission is stored.', type: ContactReceiptDto })
  @ApiTooManyRequestsResponse({ description: 'Past CONTACT_RATE_LIMIT submissions a minute from one IP; see Retry-After.' })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'One per filled-in form (8–128 of A-Z a-z 0-9 _ -); a retry with it within 24 h answers the first answer again.',
  })
  submit(
    @Body() dto: CreateContactDto,
    @Ip() clientIp: string,
    @Headers('idempotency-key') key?: string,
  ): Promise<ContactReceiptDto> {
    return this.contactService.submit(dto, clientIp, idempotencyKey(key));
  }
}
