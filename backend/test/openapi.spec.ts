import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestApp } from './support/test-app.js';

describe('OpenAPI', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut.close());

  it('documents every route, generated from the controllers and DTOs', async () => {
    const res = await request(sut.server).get('/api/docs-json').expect(200);

    expect(Object.keys(res.body.paths).sort()).toEqual([
      '/api/admin/analytics',
      '/api/admin/analytics/response-time',
      '/api/admin/analytics/trend',
      '/api/admin/assignees',
      '/api/admin/assignees/disabled',
      '/api/admin/contacts',
      '/api/admin/contacts/bulk',
      '/api/admin/contacts/bulk-delete',
      '/api/admin/contacts/export.csv',
      '/api/admin/contacts/{id}',
      '/api/admin/contacts/{id}/emails',
      '/api/admin/contacts/{id}/messages',
      '/api/admin/contacts/{id}/messages/{messageId}/attachments/{attachmentId}',
      '/api/admin/contacts/{id}/notes',
      '/api/admin/contacts/{id}/notes/{noteId}',
      '/api/admin/contacts/{id}/redeliver',
      '/api/admin/erasures',
      '/api/admin/events',
      '/api/admin/invitations',
      '/api/admin/invitations/{id}',
      '/api/admin/reply-templates',
      '/api/admin/reply-templates/{id}',
      '/api/admin/reply-templates/{id}/render',
      '/api/admin/routing',
      '/api/admin/routing/test',
      '/api/admin/settings/auto-reply',
      '/api/admin/settings/booking',
      '/api/admin/settings/email',
      '/api/admin/settings/response-time',
      '/api/admin/settings/test-email',
      '/api/admin/spreadsheet',
      '/api/admin/spreadsheet/deliveries',
      '/api/admin/spreadsheet/deliveries/{deliveryId}/redeliver',
      '/api/admin/users',
      '/api/admin/users/{id}',
      '/api/admin/webhooks',
      '/api/admin/webhooks/{id}',
      '/api/admin/webhooks/{id}/deliveries',
      '/api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver',
      '/api/admin/webhooks/{id}/rotate-secret',
      '/api/admin/webhooks/{id}/test',
      '/api/auth/2fa/disable',
      '/api/auth/2fa/enable',
      '/api/auth/2fa/recovery-codes',
      '/api/auth/2fa/setup',
      '/api/auth/email',
      '/api/auth/email/confirm',
      '/api/auth/email/preview',
      '/api/auth/invitations/accept',
      '/api/auth/login',
      '/api/auth/logout',
      '/api/auth/me',
      '/api/auth/password',
      '/api/auth/password-reset',
      '/api/auth/password-reset/confirm',
      '/api/auth/sessions',
      '/api/auth/sessions/{id}',
      '/api/auth/sign-ins',
      '/api/contact',
      '/api/contact/token',
      '/api/health/live',
      '/api/health/ready',
      '/api/inbound/email',
      '/api/integrations/calcom',
      '/api/integrations/calendly',
      '/api/privacy',
    ]);
    expect(res.body.components.schemas.CreateContactDto.properties.interest.enum).toEqual([
      'empower-team',
      'community',
      'partnership',
    ]);
  });

  it('serves its UI at /api/docs', async () => {
    const res = await request(sut.server).get('/api/docs/').expect(200);
    expect(res.text).toContain('swagger-ui');
  });
});
