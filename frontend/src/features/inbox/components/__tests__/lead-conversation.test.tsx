import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactDetail, LeadMessage } from '@/features/inbox/api/contact-types';
import { leadFixture } from '@/testing/lead-fixture';
import { renderApp, TEST_ADMIN } from '@/testing/test-utils';
import { useContact } from '../../api/get-contact';
import { LeadConversation } from '../lead-conversation';

const ANN = { id: '00000000-0000-4000-8000-0000000000a2', displayName: 'Ann Member' };

const detail = (overrides: Partial<ContactDetail> = {}) =>
  ({ ...leadFixture({ id: 'lead-1', version: 3 }), notes: [], history: [], otherSubmissions: [], ...overrides }) as ContactDetail;

const message = (overrides: Partial<LeadMessage>): LeadMessage => ({
  id: 'm-1',
  direction: 'in',
  authorId: null,
  authorDisplayName: null,
  from: 'Ada Lovelace <ada@example.com>',
  to: 'replies@example.com',
  subject: 'My CV',
  text: 'Here it is.',
  quotedText: null,
  sentAt: '2026-11-20T11:00:00.000Z',
  receivedAt: '2026-11-20T11:00:01.000Z',
  matchedBy: 'token',
  automatic: false,
  state: null,
  createdAt: '2026-11-20T11:00:01.000Z',
  attachments: [],
  ...overrides,
});

type Server = {
  lead: ContactDetail;
  thread: LeadMessage[];
  inbound?: { endpoint: boolean; imap: boolean };
  /** Whether e-mail is set up (SMTP_URL); true unless said. */
  mailEnabled?: boolean;
  /** The POST's answer other than 201/412 (a status and message). */
  refuse?: { status: number; message: string };
  templates?: { id: string; name: string; subject: string | null; body: string; updatedAt: string }[];
  /** Holds the POST's answer until called. */
  hold?: Promise<void>;
};

/** The API as the drawer asks it; each POST is kept with its If-Match, 412 when it is not the lead's version. */
function serve(server: Server) {
  const posts: { body: unknown; ifMatch: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith('/settings/email'))
        return Response.json({
          enabled: server.mailEnabled ?? true,
          from: 'leads@example.com',
          inbound: server.inbound ?? { endpoint: true, imap: false },
        });
      if (url.endsWith('/reply-templates')) return Response.json(server.templates ?? []);
      if (url.endsWith('/render')) {
        const { leadId } = JSON.parse(init?.body as string) as { leadId: string };
        return Response.json({ subject: 'Your application', body: `Hello ${server.lead.name} (${leadId})` });
      }
      if (url.endsWith('/messages') && init?.method === 'POST') {
        const ifMatch = new Headers(init.headers).get('If-Match');
        posts.push({ body: JSON.parse(init.body as string), ifMatch });
        await server.hold;
        if (server.refuse)
          return Response.json(
            { statusCode: server.refuse.status, message: server.refuse.message },
            { status: server.refuse.status },
          );
        if (ifMatch !== `"${server.lead.version}"`) return Response.json(server.lead, { status: 412 });
        const sent = message({
          id: `sent-${posts.length}`,
          direction: 'out',
          authorId: TEST_ADMIN.id,
          authorDisplayName: TEST_ADMIN.displayName,
          from: 'leads@example.com',
          to: 'ada@example.com',
          subject: 'Re: My CV',
          text: (JSON.parse(init.body as string) as { body: string }).body,
          state: 'queued',
          createdAt: '2026-11-20T12:00:00.000Z',
        });
        server.thread = [...server.thread, sent];
        server.lead = { ...server.lead, version: server.lead.version + 1 };
        return Response.json(sent, { status: 201 });
      }
      if (new URL(url, 'http://localhost').pathname.endsWith('/messages')) {
        // As the API answers: the newest `last` messages, oldest first, and how many in all.
        const last = Number(new URL(url, 'http://localhost').searchParams.get('last') ?? server.thread.length);
        const messages = server.thread.slice(Math.max(0, server.thread.length - last));
        return Response.json(messages, { headers: { 'X-Total-Count': String(server.thread.length) } });
      }
      return Response.json(server.lead);
    }),
  );
  return posts;
}

/** The drawer's way: the lead as its query holds it now. */
function Drawer() {
  const lead = useContact('lead-1');
  return lead.data ? <LeadConversation lead={lead.data} /> : null;
}

afterEach(() => vi.unstubAllGlobals());

describe('the conversation in the drawer', () => {
  it('lists the thread oldest first: who wrote, the quoted text folded, automatic mail marked, files as downloads', async () => {
    serve({
      lead: detail(),
      thread: [
        message({
          id: 'm-out',
          direction: 'out',
          authorId: ANN.id,
          authorDisplayName: ANN.displayName,
          subject: 'Your enquiry',
          text: 'Hello Ada',
          state: 'sent',
          createdAt: '2026-11-20T10:30:00.000Z',
        }),
        message({
          id: 'm-in',
          text: 'Here it is.',
          quotedText: 'On Friday Ann wrote:\n> Hello Ada',
          attachments: [{ id: 'a-1', filename: 'cv.pdf', contentType: 'application/pdf', size: 34_000, kept: true }],
        }),
        message({ id: 'm-auto', subject: 'Out of office', text: '<b>Away</b> until Monday', automatic: true }),
      ],
    });
    const { user } = renderApp(<Drawer />);
    const items = await screen.findAllByTestId('message');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Ann Member');
    expect(items[0]).toHaveTextContent('Sent');
    expect(items[1]).toHaveTextContent('Ada Lovelace');
    expect(items[1]).not.toHaveTextContent('On Friday Ann wrote');

    const toggle = within(items[1]).getByRole('button', { name: 'Show quoted text' });
    await user.click(toggle);
    expect(items[1]).toHaveTextContent('On Friday Ann wrote:');
    expect(within(items[1]).getByRole('button', { name: 'Hide quoted text' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(items[0]).queryByRole('button', { name: /quoted text/ })).not.toBeInTheDocument();

    const file = within(items[1]).getByRole('link', { name: 'cv.pdf' });
    expect(file).toHaveAttribute('href', '/api/admin/contacts/lead-1/messages/m-in/attachments/a-1');
    expect(file).toHaveAttribute('download', 'cv.pdf');
    expect(items[1]).toHaveTextContent('(33 KB)');
    expect(within(items[1]).queryByRole('img')).not.toBeInTheDocument();

    expect(items[2]).toHaveTextContent('Automatic reply');
    expect(items[2]).toHaveClass('thread-message--automatic');
    // Text, never markup.
    expect(items[2]).toHaveTextContent('<b>Away</b> until Monday');
    expect(items[2].querySelector('b')).toBeNull();
  });

  it('shows the newest 20 messages of a long thread, and the earlier ones on request', async () => {
    const thread = Array.from({ length: 25 }, (_, index) =>
      message({ id: `m-${index + 1}`, subject: `Message ${index + 1}`, text: `Text ${index + 1}` }),
    );
    serve({ lead: detail(), thread });
    const { user } = renderApp(<Drawer />);
    const list = await screen.findByRole('list', { name: 'Messages' });
    // The newest three come with the lead, the others of the 20 a render later (lead-thread).
    expect(within(list).getAllByTestId('message').at(-1)).toHaveTextContent('Message 25');
    await vi.waitFor(() => expect(within(list).getAllByTestId('message')).toHaveLength(20));
    let items = within(list).getAllByTestId('message');
    expect(items[0]).toHaveTextContent('Message 6');
    expect(items[19]).toHaveTextContent('Message 25');

    await user.click(screen.getByRole('button', { name: 'Show 5 earlier messages' }));
    // Fetched now: the newest stay on screen meanwhile.
    await vi.waitFor(() => expect(within(list).getAllByTestId('message')).toHaveLength(25));
    items = within(list).getAllByTestId('message');
    expect(items[0]).toHaveTextContent('Message 1');
    expect(screen.queryByRole('button', { name: /earlier message/ })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(list).toHaveFocus());
  });

  it('sends a reply with If-Match, shows "Sending…", then empties the box and shows the message queued', async () => {
    let release = () => {};
    const server: Server = { lead: detail(), thread: [], hold: new Promise<void>((resolve) => (release = resolve)) };
    const posts = serve(server);
    const { user } = renderApp(<Drawer />, { user: { ...TEST_ADMIN, role: 'member', signature: 'Ada Admin\nTalentFlow' } });
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    expect(screen.getByTestId('reply-signature')).toHaveTextContent('-- Ada Admin TalentFlow');
    await user.type(screen.getByLabelText('Subject (optional)'), 'About the role');
    await user.type(screen.getByLabelText('Reply'), 'Hello Ada');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const sending = await screen.findByRole('button', { name: 'Sending…' });
    expect(sending).toBeDisabled();
    release();
    const sent = await screen.findByTestId('message');
    expect(sent).toHaveTextContent('Hello Ada');
    expect(sent).toHaveTextContent('Queued');
    expect(sent).toHaveTextContent('You');
    expect(screen.getByLabelText('Reply')).toHaveValue('');
    expect(posts).toEqual([{ body: { subject: 'About the role', body: 'Hello Ada' }, ifMatch: '"3"' }]);
  });

  it('asks no subject once the lead has written (the API answers Re: theirs)', async () => {
    serve({ lead: detail(), thread: [message({})] });
    renderApp(<Drawer />);
    expect(await screen.findByTestId('message')).toBeInTheDocument();
    expect(screen.getByLabelText('Reply')).toBeInTheDocument();
    expect(screen.queryByLabelText('Subject (optional)')).not.toBeInTheDocument();
  });

  it('on 412 says who answered first, keeps the draft, and sends anyway with the new version', async () => {
    const server: Server = { lead: detail(), thread: [message({})] };
    const posts = serve(server);
    const { user } = renderApp(<Drawer />);
    await user.type(await screen.findByLabelText('Reply'), 'Thanks, we will call you');
    // Ann answers first.
    server.thread = [
      ...server.thread,
      message({ id: 'm-ann', direction: 'out', authorId: ANN.id, authorDisplayName: ANN.displayName, state: 'queued' }),
    ];
    server.lead = { ...server.lead, version: 4 };
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const notice = await screen.findByTestId('reply-conflict');
    expect(notice).toHaveTextContent('Ann Member answered while you were writing. Your reply was not sent');
    expect(screen.getByLabelText('Reply')).toHaveValue('Thanks, we will call you');
    // Her message shows.
    expect(await screen.findAllByTestId('message')).toHaveLength(2);

    await user.click(within(notice).getByRole('button', { name: 'Send anyway' }));
    await vi.waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(3));
    expect(screen.getAllByTestId('message')[2]).toHaveTextContent('Thanks, we will call you');
    expect(screen.queryByTestId('reply-conflict')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Reply')).toHaveValue('');
    expect(posts.map((post) => post.ifMatch)).toEqual(['"3"', '"4"']);
  });

  it('shows a refusal as "<status>: <message>" in a toast and keeps the draft', async () => {
    serve({ lead: detail(), thread: [], refuse: { status: 409, message: 'E-mail is not set up' } });
    const { user } = renderApp(<Drawer />);
    await user.type(await screen.findByLabelText('Reply'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('409: E-mail is not set up');
    expect(screen.getByLabelText('Reply')).toHaveValue('Hello');
  });

  it('fills the box from a template rendered for the lead', async () => {
    serve({
      lead: detail(),
      thread: [],
      templates: [{ id: 't-1', name: 'First answer', subject: null, body: '…', updatedAt: '2026-11-20T10:00:00.000Z' }],
    });
    const { user } = renderApp(<Drawer />);
    await user.selectOptions(await screen.findByLabelText('Template'), 'First answer');
    await vi.waitFor(() => expect(screen.getByLabelText('Reply')).toHaveValue('Hello Ada Lovelace (lead-1)'));
    expect(screen.getByLabelText('Subject (optional)')).toHaveValue('Your application');
  });

  it('lets a viewer read but not reply', async () => {
    serve({ lead: detail(), thread: [message({})] });
    renderApp(<Drawer />, { user: { ...TEST_ADMIN, role: 'viewer' } });
    expect(await screen.findByTestId('message')).toBeInTheDocument();
    expect(screen.queryByLabelText('Reply')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    expect(screen.getByTestId('reply-not-allowed')).toBeInTheDocument();
  });

  it('says replies will not come back where no inbound way is set up', async () => {
    serve({ lead: detail(), thread: [], inbound: { endpoint: false, imap: false } });
    renderApp(<Drawer />);
    expect(await screen.findByTestId('replies-not-received')).toHaveTextContent(
      "Replies are not received: the lead's answers will not come back",
    );
  });

  it('without e-mail set up, sends nothing and offers the own mail program, saying it does not come back', async () => {
    serve({ lead: detail(), thread: [], mailEnabled: false });
    const { user } = renderApp(<Drawer />);
    const notice = await screen.findByTestId('reply-mail-off');
    expect(notice).toHaveTextContent('E-mail is not set up: replies cannot be sent from here.');
    expect(notice).toHaveTextContent('does not come back into TalentFlow AI');
    expect(within(notice).getByRole('link', { name: 'Write from your mail program' })).toHaveAttribute(
      'href',
      `mailto:ada@example.com?subject=${encodeURIComponent('Re: TA Builder Community – TalentFlow AI')}`,
    );
    await user.type(screen.getByLabelText('Reply'), 'Hello');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('says nothing of it where replies come in', async () => {
    serve({ lead: detail(), thread: [] });
    renderApp(<Drawer />);
    expect(await screen.findByLabelText('Reply')).toBeInTheDocument();
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('replies-not-received')).not.toBeInTheDocument();
    expect(screen.queryByTestId('reply-mail-off')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Write from your mail program' })).not.toBeInTheDocument();
  });
});
