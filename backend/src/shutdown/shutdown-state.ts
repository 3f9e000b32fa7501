import { Injectable } from '@nestjs/common';

/** Whether this process has been told to stop (SIGTERM) and is draining its connections. */
@Injectable()
export class ShutdownState {
  draining = false;
}
