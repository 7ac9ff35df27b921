import {
  QUICK_MESSAGE_MESSAGES,
  classifyInquiry,
  normalizeQuickMessagePhone,
  validateQuickMessage,
  type InquiryClassification,
} from '@shared/quick-message-rules';

/**
 * The quick-message form's checks (the spec's fill-all step, then the server's shared validation) and its preview of the automatic classification, with the
 * server's shared rules and messages (the server checks and classifies again: it is the authority).
 */
export type Classification = InquiryClassification;
export const classifyMessage = classifyInquiry;
export const normalizeQuickPhone = normalizeQuickMessagePhone;

export interface QuickMessageValues {
  senderName: string;
  senderPhone: string;
  message: string;
}

export type QuickMessageErrors = Partial<Record<keyof QuickMessageValues, string>>;

export function checkQuickMessage(values: QuickMessageValues): { errors: QuickMessageErrors; summary?: string } {
  const m = QUICK_MESSAGE_MESSAGES;
  const errors: QuickMessageErrors = {};
  if (!values.senderName.trim()) errors.senderName = m.fillAll;
  if (!values.senderPhone.trim()) errors.senderPhone = m.fillAll;
  if (!values.message.trim()) errors.message = m.fillAll;
  if (Object.keys(errors).length) return { errors, summary: m.fillAll };
  // The rest is the server's own check, so the form and the server cannot disagree.
  const result = validateQuickMessage({ senderName: values.senderName, senderPhone: values.senderPhone, originalMessage: values.message });
  if (!result.ok) {
    if (result.errors.senderName) errors.senderName = result.errors.senderName;
    if (result.errors.senderPhone) errors.senderPhone = result.errors.senderPhone;
    if (result.errors.originalMessage) errors.message = result.errors.originalMessage;
  }
  return { errors, summary: errors.senderName ?? errors.senderPhone ?? errors.message };
}
