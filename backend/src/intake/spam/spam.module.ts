import { Module } from '@nestjs/common';
import { CaptchaVerifier } from './captcha-verifier.service.js';
import { FormTokens } from './form-tokens.service.js';
import { SpamScorer } from './spam-scorer.service.js';

/** The spam score of submissions at intake, the form's timing token and the optional captcha. */
@Module({
  providers: [FormTokens, CaptchaVerifier, SpamScorer],
  exports: [FormTokens, SpamScorer],
})
export class SpamModule {}
