import { Body, Controller, HttpCode, HttpStatus, Ip, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Public } from '../auth/public.decorator.js';
import { ContactService, type ContactReceipt } from './contact.service.js';
import { CreateContactDto } from './dto/create-contact.dto.js';

@ApiTags('contact')
@Public()
@Controller('contact')
export class ContactController {
  constructor(private readonly contactService: ContactService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ description: 'The submission is stored.' })
  @ApiTooManyRequestsResponse({ description: 'Past CONTACT_RATE_LIMIT submissions a minute from one IP; see Retry-After.' })
  submit(@Body() dto: CreateContactDto, @Ip() clientIp: string): Promise<ContactReceipt> {
    return this.contactService.submit(dto, clientIp);
  }
}
