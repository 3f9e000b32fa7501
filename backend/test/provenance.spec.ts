import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { contactBody, NO_PROVENANCE } from './support/contacts.js';
import { parse } from 'csv-parse/sync';
import { emptySubmissions } from './support/seed.js';
import { createTestApp, signedInAgent, type TestApp } from './support/test-app.js';

const PROVENANCE = {
  utmSource: 'newsletter',
  utmMedium: 'email',
  utmCampaign: 'spring-launch',
  utmTerm: 'ai recruiting',
  utmContent: 'header-button',
  referrer: 'https://www.google.com/',
  landingPath: '/',
  consentVersion: '3f9a1c0b7d2e',
};

describe('POST /api/contact: where the lead came from, and what it agreed to', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await createTestApp({ env: { CONTACT_RATE_LIMIT: '10000' } });
  });
  afterAll(() => sut.close());
  beforeEach(() => emptySubmissions(sut.dataSource));

  const post = (body: Record<string, unknown>) => request(sut.server).post('/api/contact').send(body);
  const provenanceOf = async (id: string) =>
    (
      await sut.dataSource.query(
        `SELECT utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer, landing_path, consent_version, submitted_at
           FROM contact_submissions WHERE id = $1`,
        [id],
      )
    )[0];

  it('stores every provenance field and the consent version with the submission', async () => {
    const res = await post(contactBody(PROVENANCE)).expect(201);

    expect(await provenanceOf(res.body.id)).toEqual({
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring-launch',
      utm_term: 'ai recruiting',
      utm_content: 'header-button',
      referrer: 'https://www.google.com/',
      landing_path: '/',
      consent_version: '3f9a1c0b7d2e',
      submitted_at: expect.any(Date),
    });
  });

  it('stores them NULL when left out or empty, and trims them', async () => {
    const bare = await post(contactBody()).expect(201);
    const empty = await post(contactBody({ utmSource: '', referrer: '  ', landingPath: '', utmCampaign: ' spring ' })).expect(
      201,
    );

    expect(await provenanceOf(bare.body.id)).toMatchObject({ utm_source: null, referrer: null, consent_version: null });
    expect(await provenanceOf(empty.body.id)).toMatchObject({
      utm_source: null,
      referrer: null,
      landing_path: null,
      utm_campaign: 'spring',
    });
  });

  it('accepts the longest values allowed and an intranet referrer', async () => {
    await post(
      contactBody({
        utmSource: 's'.repeat(200),
        utmContent: 'c'.repeat(200),
        referrer: `http://intranet:8080/${'p'.repeat(2048 - 'http://intranet:8080/'.length)}`,
        landingPath: `/${'l'.repeat(2047)}`,
        consentVersion: 'v'.repeat(64),
      }),
    ).expect(201);
  });

  it.each([
    [{ referrer: 'javascript:alert(1)' }, 'referrer must be an absolute http or https URL'],
    [{ referrer: 'ftp://files.example.com/' }, 'referrer must be an absolute http or https URL'],
    [{ referrer: 'www.google.com' }, 'referrer must be an absolute http or https URL'],
    [{ referrer: `https://example.com/${'x'.repeat(2048)}` }, 'referrer must be at most 2048 characters'],
    [{ landingPath: 'pricing' }, 'landingPath must start with /'],
    [{ landingPath: `/${'x'.repeat(2048)}` }, 'landingPath must be at most 2048 characters'],
    [{ utmSource: 'x'.repeat(201) }, 'utmSource must be at most 200 characters'],
    [{ utmMedium: 'x'.repeat(201) }, 'utmMedium must be at most 200 characters'],
    [{ utmCampaign: 'x'.repeat(201) }, 'utmCampaign must be at most 200 characters'],
    [{ utmTerm: 'x'.repeat(201) }, 'utmTerm must be at most 200 characters'],
    [{ utmContent: 'x'.repeat(201) }, 'utmContent must be at most 200 characters'],
    [{ utmSource: 42 }, 'utmSource must be text'],
    [{ consentVersion: 'x'.repeat(65) }, 'consentVersion must be at most 64 characters'],
    [{ utmCampaign: 'spring\u0000' }, 'utmCampaign contains characters that are not allowed'],
    [{ utmTerm: 'right\u202eto-left' }, 'utmTerm contains characters that are not allowed'],
    [{ landingPath: '/\n' }, 'landingPath contains characters that are not allowed'],
    [{ utmId: 'abc' }, 'property utmId should not exist'],
  ])('refuses %j with 400 and stores nothing', async (field, message) => {
    const res = await post(contactBody(field)).expect(400);

    expect(res.body.message).toContain(message);
    expect(await sut.dataSource.query('SELECT id FROM contact_submissions')).toEqual([]);
  });

  it('stores a batch of concurrent submissions each with its own provenance', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        post(contactBody({ email: `lead${index}@example.com`, utmCampaign: `campaign-${index}`, landingPath: `/p/${index}` })),
      ),
    );

    for (const [index, res] of answers.entries()) {
      expect(res.status).toBe(201);
      expect(await provenanceOf(res.body.id)).toMatchObject({ utm_campaign: `campaign-${index}`, landing_path: `/p/${index}` });
    }
  });

  it('shows the provenance in the detail view and the CSV export', async () => {
    const admin = await signedInAgent(sut);
    const { id } = (await post(contactBody({ ...PROVENANCE, utmSource: '=cmd|calc' })).expect(201)).body;
    const bare = (await post(contactBody({ email: 'bare@example.com' })).expect(201)).body.id;

    const detail = (await admin.get(`/api/admin/contacts/${id}`).expect(200)).body;
    expect(detail).toMatchObject({ ...PROVENANCE, utmSource: '=cmd|calc' });
    expect((await admin.get(`/api/admin/contacts/${bare}`).expect(200)).body).toMatchObject(NO_PROVENANCE);

    const csv = await admin.get('/api/admin/contacts/export.csv').expect(200);
    const rows = parse<Record<string, string>>(csv.text.replace(/^\uFEFF/, ''), { columns: true });
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(id)).toMatchObject({
      utm_source: "'=cmd|calc",
      utm_medium: 'email',
      utm_campaign: 'spring-launch',
      referrer: 'https://www.google.com/',
    });
    expect(byId.get(bare)).toMatchObject({ utm_source: '', utm_medium: '', utm_campaign: '', referrer: '' });
  });
});
