import { Injectable } from '@nestjs/common';

/** The current time, as a provider so that tests can fix it (month boundaries). */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
