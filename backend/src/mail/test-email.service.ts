import { BadGatewayException, ConflictException, Injectable, Logger } from '@nestjs/common';
import type { TestEmailResultDto } from './dto/test-email-result.dto.js';
import { MailTransport } from './mail-transport.service.js';
import { testEmail } from './test-email.js';

@Injectable()
export class TestEmailService {
  private readonly logger = new Logger(TestEmailService.name);

  constructor(private readonly mail: MailTransport) {}

  /**
   * Sends the test e-mail now (not through a queue: the admin waits for the server's answer).
   * 409 when e-mail is not set up; 502 with the server's refusal or the connection's error.
   */
  async send(recipient: string | null): Promise<TestEmailResultDto> {
    if (!this.mail.enabled) throw new ConflictException('E-mail is not set up: set SMTP_URL and MAIL_FROM');
    if (!recipient) throw new ConflictException('Your account has no e-mail address: add one on your account page');
    try {
      return { to: recipient, response: await this.mail.send(recipient, testEmail(this.mail.publicUrl)) };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // Without the recipient's address: no personal data in the logs.
      this.logger.warn(`the test e-mail was not sent: ${reason}`);
      throw new BadGatewayException(`The mail server did not take the e-mail: ${reason}`);
    }
  }
}
