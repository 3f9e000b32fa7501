import { Injectable } from '@nestjs/common';
import ipaddr from 'ipaddr.js';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../../config/environment.js';
import type { CreateContactDto } from '../dto/create-contact.dto.js';
import { clientNetwork } from '../../rate-limit/client-network.js';
import { CaptchaVerifier } from './captcha-verifier.service.js';
import { FormTokens, TOO_FAST_MS } from './form-tokens.service.js';
import { RecentCounter } from './recent-counter.js';
import { type SpamReason, spamScore } from '../../leads/spam-reasons.js';
import { spamWordCount } from './spam-words.js';
import { disposableDomains, isDisposableEmail, isGibberish, linkInName, normaliseText, urlCount } from './text-signals.js';

const HOUR_MS = 3_600_000;
// The same comments from this many different addresses within the hour: one sender's campaign.
const DUPLICATE_ADDRESSES = 3;
// Texts shorter than this ("Hi", "Call me") are written alike by different people.
const DUPLICATE_MIN_LENGTH = 20;
// Submissions from one /24 (IPv4) or /64 (IPv6) within the hour beyond which the network is busy.
const NETWORK_HOURLY = 20;
// The host's and the local network's addresses (IPv4 and IPv6).
const OWN_RANGES = new Set(['loopback', 'private', 'linkLocal', 'uniqueLocal', 'unspecified']);

/** A submission's spam score, the signals that fired, and whether it is held. */
export interface SpamVerdict {
  spamScore: number;
  spamReasons: SpamReason[];
  heldAsSpam: boolean;
}

const CLEAN: SpamVerdict = { spamScore: 0, spamReasons: [], heldAsSpam: false };

/**
 * Scores a submission at intake (docs/spam.md): everything here is computed in the process,
 * except the optional captcha's check; the verdict is stored with the submission by its batch.
 */
@Injectable()
export class SpamScorer {
  private readonly texts = new RecentCounter(HOUR_MS);
  private readonly networks = new RecentCounter(HOUR_MS);
  private readonly on: boolean;
  private readonly threshold: number;

  constructor(
    private readonly formTokens: FormTokens,
    private readonly captcha: CaptchaVerifier,
    config: ConfigService<Environment, true>,
  ) {
    this.on = config.get('SPAM_FILTER', { infer: true }) !== 'off';
    this.threshold = config.get('SPAM_THRESHOLD', { infer: true });
    if (this.on) disposableDomains();
  }

  /** `tokenSpent`: the form token was used by an earlier post (accepted once: it reads as missing). */
  async score(dto: CreateContactDto, clientIp: string, { tokenSpent = false, now = Date.now() } = {}): Promise<SpamVerdict> {
    if (!this.on) return CLEAN;
    const words = spamWordCount(dto.name, dto.company, dto.comments);
    const reasons = this.textReasons({ ...dto, formToken: tokenSpent ? undefined : dto.formToken }, clientIp, now, words);
    if ((await this.captcha.verify(dto.captchaToken, clientIp)) === 'failed') reasons.push('captcha-failed');
    const score = spamScore(reasons, words);
    return { spamScore: score, spamReasons: reasons, heldAsSpam: score >= this.threshold && !duplicateAlone(reasons) };
  }

  private textReasons(dto: CreateContactDto, clientIp: string, now: number, spamWords: number): SpamReason[] {
    const fired: Array<[SpamReason, boolean]> = [
      ['link-in-name', linkInName(dto.name, dto.company)],
      ['links', urlCount(dto.comments) >= 2],
      ['disposable-email', isDisposableEmail(dto.email)],
      ['spam-words', spamWords > 0],
      ['gibberish', isGibberish(dto.name, dto.company)],
      ['duplicate-text', this.duplicate(dto, now)],
      ...this.timing(dto.formToken, now),
      ['network-volume', this.busyNetwork(clientIp, now)],
    ];
    return fired.filter(([, on]) => on).map(([reason]) => reason);
  }

  /**
   * Many submissions from one public network within the hour. A loopback or private address is
   * the site's own host or network (an integration, the browser tests), not a crowd of visitors.
   */
  private busyNetwork(clientIp: string, now: number): boolean {
    if (ipaddr.isValid(clientIp) && OWN_RANGES.has(ipaddr.process(clientIp).range())) return false;
    return this.networks.add(clientNetwork24(clientIp), `${now}:${Math.random()}`, now) > NETWORK_HOURLY;
  }

  private duplicate(dto: CreateContactDto, now: number): boolean {
    // Read as every text signal reads it: invisible characters or look-alike letters do not
    // make a copy of a text into a new one.
    const text = normaliseText(dto.comments).toLowerCase().replace(/\s+/g, ' ').trim();
    if (text.length < DUPLICATE_MIN_LENGTH) return false;
    return this.texts.add(text, dto.email.trim().toLowerCase(), now) >= DUPLICATE_ADDRESSES;
  }

  private timing(token: string | undefined, now: number): Array<[SpamReason, boolean]> {
    const timing = this.formTokens.check(token, now);
    return [
      ['missing-token', timing.state === 'missing'],
      ['too-fast', timing.state === 'valid' && timing.elapsedMs < TOO_FAST_MS],
    ];
  }
}

/**
 * `duplicate-text` and no other signal: not held. Anyone can make a text a duplicate with
 * three posts of it (a stranger who knows what real visitors write, or a template many
 * people paste), so it only adds to a score that another signal pushes over (a weak one
 * too, as for the medium signals: an API client's campaign sends no form token).
 */
function duplicateAlone(reasons: readonly SpamReason[]): boolean {
  return reasons.length === 1 && reasons[0] === 'duplicate-text';
}

/** The client's network for `network-volume`: an IPv4 address's /24, an IPv6 address's /64. */
function clientNetwork24(ip: string): string {
  const network = clientNetwork(ip);
  return /^\d+\.\d+\.\d+\.\d+$/.test(network) ? network.replace(/\.\d+$/, '.0/24') : network;
}
