import type { components } from '@/generated/api-types';

type Schemas = components['schemas'];

/** An account or an open invitation, as `GET /api/admin/users` lists them. */
export type TeamMember = Schemas['TeamMemberDto'];
export type InvitationInput = Schemas['CreateInvitationDto'];
export type Invitation = Schemas['InvitationCreatedDto'];
export type UserChanges = Schemas['UpdateUserDto'];
