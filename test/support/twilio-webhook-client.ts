import twilio from 'twilio';
import type { TestApp } from './test-app';

/** Posts a form-encoded Twilio webhook to the app, signed with the official twilio package's helper. */
export function postTwilioWebhook(
  t: TestApp,
  authToken: string,
  publicBaseUrl: string,
  path: '/api/webhooks/twilio/status' | '/api/webhooks/twilio/inbound',
  params: Record<string, string>,
  signature?: string,
) {
  const sig = signature ?? twilio.getExpectedTwilioSignature(authToken, publicBaseUrl + path, params);
  return t.http
    .post(path)
    .set('content-type', 'application/x-www-form-urlencoded')
    .set('x-twilio-signature', sig)
    .send(new URLSearchParams(params).toString());
}
