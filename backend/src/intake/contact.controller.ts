import { Body, Controller, Get, Headers, HttpCode, HttpStatus, Ip, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { FormTokens } from './spam/form-tokens.service.js';
import { Public } from '../identity/public.decorator.js';
import { idempotencyKey } from './contact-idempotency.js';
import { ContactService } from './contact.service.js';
import { ContactReceiptDto } from './dto/contact-receipt.dto.js';
import { CreateContactDto } from './dto/create-contact.dto.js';
import { FormTokenDto } from './dto/form-token.dto.js';

@ApiTags('contact')
@Public()
@Controller('contact')
export class ContactController {
  constructor(
    private readonly contactService: ContactService,
    private readonly formTokens: FormTokens,
  ) {}

  /** What the form asks for when it loads: a signed time (how long the visitor took) and the captcha to show. */
  @Get('token')
  @ApiOkResponse({ description: 'A fresh timing token, and the captcha widget to show (or null).', type: FormTokenDto })
  token(@Res({ passthrough: true }) res: Response): FormTokenDto {
    res.setHeader('Cache-Control', 'no-store');
    return this.formTokens.issue();
  }

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
