import { useMutation, useQueryClient } from '@tanstack/react-query';
import { boolean, object, string } from 'yup';
import { apiRequest } from '@/lib/api-client';
import { AUTO_REPLY_LIMITS } from '../utils/auto-reply-preview';
import { type AutoReplySettings, EMAIL_SETTINGS_API, emailSettingsKeys } from './email-settings-keys';

/** The auto-reply form's rules, with the API's limits. */
export const autoReplySchema = object({
  enabled: boolean().required(),
  subject: string()
    .trim()
    .required('Please enter a subject')
    .max(AUTO_REPLY_LIMITS.subject, `The subject must be at most ${AUTO_REPLY_LIMITS.subject} characters`),
  body: string()
    .required('Please write the message')
    .matches(/\S/, 'Please write the message')
    .max(AUTO_REPLY_LIMITS.body, `The message must be at most ${AUTO_REPLY_LIMITS.body} characters`),
  fromName: string()
    .trim()
    .max(AUTO_REPLY_LIMITS.fromName, `The sender name must be at most ${AUTO_REPLY_LIMITS.fromName} characters`),
  replyTo: string()
    .trim()
    .email('Please enter an e-mail address')
    .max(AUTO_REPLY_LIMITS.replyTo, `The address must be at most ${AUTO_REPLY_LIMITS.replyTo} characters`),
});

export async function saveAutoReply(settings: AutoReplySettings): Promise<AutoReplySettings> {
  return (await apiRequest(EMAIL_SETTINGS_API.autoReply, { method: 'PUT', body: settings })).json() as Promise<AutoReplySettings>;
}

/** PUTs the auto-reply; the answer is the settings as saved, which the query then holds. */
export function useSaveAutoReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAutoReply,
    onSuccess: (saved) => queryClient.setQueryData(emailSettingsKeys.autoReply, saved),
  });
}
