import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { webhookUrl } from './webhook-keys';

/** A new secret, shown this once; the old one stops signing at once. */
export async function rotateWebhookSecret(id: string): Promise<string> {
  const { secret } = (await (await apiRequest(`${webhookUrl(id)}/rotate-secret`, { method: 'POST' })).json()) as {
    secret: string;
  };
  return secret;
}

export function useRotateWebhookSecret() {
  return useMutation({ mutationFn: rotateWebhookSecret });
}
