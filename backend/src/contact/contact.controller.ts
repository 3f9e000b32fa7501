import { Body, Controller, HttpCode, HttpStatus, Ip, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Public } from '../common/public.decorator.js';
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
  submit(@Body() dto: CreateContactDto, @Ip() clientIp: string): Promise<ContactReceiptDto> {
    return this.contactService.submit(dto, clientIp);
  }
}
